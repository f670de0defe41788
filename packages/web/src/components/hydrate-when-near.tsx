import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useIsClient } from '../lib/use-is-client';

/** While waiting: React keeps the server's markup inside (production React compares no inner HTML). */
const KEEP_SERVER_MARKUP = { __html: '' };
/** The slot adds no box: its child is the grid item, as without it. */
const SLOT_STYLE = { display: 'contents' } as const;
const FOCUSABLE = 'a[href],button,input,select,textarea,summary,[tabindex]';
/** How far ahead of the viewport a part comes to life (several phone screens). */
const DEFAULT_ROOT_MARGIN = '1200px 0px';

export interface HydrateWhenNearProps {
  children: ReactNode;
  rootMargin?: string;
}

/**
 * A part of a server-rendered page that the browser takes over only when it comes near the viewport
 * (issue 20): the server renders `children` as usual; while the app hydrates the page, this part's
 * markup is left as it is (visible, readable, its links work) and costs the main thread nothing;
 * when the part comes within `rootMargin` of the viewport, or focus moves into it, it is rendered
 * by the app and from then on is live. A part mounted by a client render (a navigation) is live at
 * once. For product boxes below the first screens of a listing: hydrating 50 boxes at start-up was
 * most of a phone's blocked main thread on the home page.
 */
export function HydrateWhenNear({ children, rootMargin = DEFAULT_ROOT_MARGIN }: HydrateWhenNearProps) {
  const isClient = useIsClient();
  // False only for a part that came with the server's markup (mounted while hydrating).
  const [live, setLive] = useState(isClient);
  const slot = useRef<HTMLDivElement>(null);
  /** The focused control's position among the part's controls, to focus its live counterpart. */
  const refocus = useRef(-1);

  useEffect(() => {
    const element = slot.current;
    if (live || !element) return;
    const wake = () => startTransition(() => setLive(true));
    // The slot itself has no box: the observer watches its first element.
    const target = element.firstElementChild;
    if (!target || typeof IntersectionObserver === 'undefined') {
      wake();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wake();
      },
      { rootMargin },
    );
    observer.observe(target);
    // A keyboard user tabbing into the part: it goes live at once, focus stays on the same control.
    const onFocus = (event: FocusEvent) => {
      refocus.current = [...element.querySelectorAll(FOCUSABLE)].indexOf(event.target as Element);
      // Outside a transition: a focus event's update is rendered and committed before the next paint.
      setLive(true);
    };
    element.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', onFocus);
    };
  }, [live, rootMargin]);

  useLayoutEffect(() => {
    if (!live || refocus.current < 0) return;
    const control = slot.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[refocus.current];
    refocus.current = -1;
    control?.focus({ preventScroll: true });
  }, [live]);

  if (live || typeof window === 'undefined') {
    return (
      <div key="live" ref={slot} style={SLOT_STYLE}>
        {children}
      </div>
    );
  }
  return (
    <div
      key="server"
      ref={slot}
      style={SLOT_STYLE}
      dangerouslySetInnerHTML={KEEP_SERVER_MARKUP}
      suppressHydrationWarning
    />
  );
}
