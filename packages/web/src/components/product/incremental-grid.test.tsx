import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { IncrementalGrid } from './incremental-grid';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n({ language: 'hu', namespaces: ['catalog'] });
});
const withI18n = (node: ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;

const items = (count: number, prefix = 'item') =>
  Array.from({ length: count }, (_, index) => `${prefix}-${index + 1}`);

function renderGrid(list: readonly string[], firstPaint = 10) {
  return render(
    withI18n(
      <IncrementalGrid
        items={list}
        step={10}
        firstPaint={firstPaint}
        chunk={3}
        renderItem={(item) => <p key={item}>{item}</p>}
      />,
    ),
  );
}

describe('IncrementalGrid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders everything at once when the list fits in one step', () => {
    renderGrid(items(10));
    expect(screen.getAllByText(/^item-/)).toHaveLength(10);
    expect(screen.queryByTestId('render-more')).toBeNull();
  });

  it('renders a step, then the next ones with the button, and starts again for a new list', async () => {
    const view = renderGrid(items(25));
    expect(screen.getAllByText(/^item-/)).toHaveLength(10);
    expect(screen.getByText('10 / 25 termék megjelenítve')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'További 10 termék megjelenítése' }));
    await waitFor(() => expect(screen.getAllByText(/^item-/)).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'További 5 termék megjelenítése' }));
    await waitFor(() => expect(screen.getAllByText(/^item-/)).toHaveLength(25));
    expect(screen.queryByTestId('render-more')).toBeNull();
    view.rerender(
      withI18n(
        <IncrementalGrid
          items={items(30, 'new')}
          step={10}
          firstPaint={10}
          renderItem={(item) => <p key={item}>{item}</p>}
        />,
      ),
    );
    expect(screen.getAllByText(/^new-/)).toHaveLength(10);
  });

  it('paints the first items at once and the rest of the step in background chunks', async () => {
    renderGrid(items(25), 4);
    // The first paint: 4 items; the step of 10 is completed 3 at a time, never past the step.
    expect(screen.getAllByText(/^item-/)).toHaveLength(4);
    await waitFor(() => expect(screen.getAllByText(/^item-/)).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(/^item-/)).toHaveLength(10);
    expect(screen.getByText('10 / 25 termék megjelenítve')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'További 10 termék megjelenítése' }));
    await waitFor(() => expect(screen.getAllByText(/^item-/)).toHaveLength(20));
  });

  it('adds the next step when the end of the list comes near the viewport', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    renderGrid(items(25));
    expect(observers.at(-1)?.options?.rootMargin).toBe('1200px 0px');
    act(() => {
      observers
        .at(-1)!
        .callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    await waitFor(() => expect(screen.getAllByText(/^item-/)).toHaveLength(20));
  });
});
