import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateWhenNear } from './hydrate-when-near';

/** A link and a button that counts clicks (it counts only once the app has rendered it). */
function Part({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <article>
      <a href="/elsewhere">{label}</a>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {label} {clicks}
      </button>
    </article>
  );
}

const tree = (
  <main>
    <HydrateWhenNear>
      <Part label="far" />
    </HydrateWhenNear>
  </main>
);

const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];

function serverRendered(): { container: HTMLElement; root: Root } {
  // The server's markup, as a server-rendered page brings it.
  vi.stubGlobal('window', undefined);
  const html = renderToString(tree);
  vi.unstubAllGlobals();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observers.push({ callback: this.callback, target });
      }
      disconnect() {}
    },
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  let root!: Root;
  act(() => {
    root = hydrateRoot(container, tree);
  });
  return { container, root };
}

describe('HydrateWhenNear', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
    document.body.innerHTML = '';
  });

  it('keeps the server markup without rendering it while hydrating, and renders it when it comes near', async () => {
    const { container, root } = serverRendered();
    const button = container.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toBe('far 0');
    // Not live yet: a click changes nothing (no React handler on the server's button).
    act(() => button.click());
    expect(container.querySelector('button')?.textContent).toBe('far 0');
    // The observer watches the part's first element (the slot itself has no box).
    expect(observers).toHaveLength(1);
    expect(observers[0]?.target?.tagName).toBe('ARTICLE');
    await act(async () => {
      observers[0]?.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    // Rendered by the app: new elements in place of the server's, once.
    expect(container.querySelectorAll('article')).toHaveLength(1);
    expect(container.querySelector('button')).not.toBe(button);
    act(() => container.querySelector('button')?.click());
    expect(container.querySelector('button')?.textContent).toBe('far 1');
    act(() => root.unmount());
  });

  it('goes live when focus moves into it and keeps focus on the same control', () => {
    const { container, root } = serverRendered();
    const serverButton = container.querySelector('button') as HTMLButtonElement;
    act(() => serverButton.focus());
    const live = container.querySelector('button') as HTMLButtonElement;
    expect(live).not.toBe(serverButton);
    expect(document.activeElement).toBe(live);
    act(() => live.click());
    expect(live.textContent).toBe('far 1');
    act(() => root.unmount());
  });
});
