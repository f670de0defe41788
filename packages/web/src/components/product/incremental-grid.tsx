import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isValidElement, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsClient } from '../../lib/use-is-client';
import { HydrateWhenNear } from '../hydrate-when-near';

/** Boxes shown per step: a page of 50 or 100 is one step. */
export const RENDER_STEP = 100;
/** Boxes rendered in the first paint (more than a screenful at any width). */
export const FIRST_PAINT = 8;
/** Boxes added per background render until the step is complete. */
export const RENDER_CHUNK = 8;

export interface IncrementalGridProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  /** Grid styles of the list. */
  sx?: object;
  step?: number;
  /** Items rendered at once; the rest of a step follow in background renders of `chunk`. */
  firstPaint?: number;
  chunk?: number;
}

/**
 * A list that renders its first `step` items and adds the next `step` whenever the end comes near
 * the viewport (an IntersectionObserver 1200 px ahead), so "all" (ppp 99999) opens and scrolls as
 * fast as a page of 100 instead of building thousands of product boxes at once. A "show more"
 * button and a count do the same for keyboard users and browsers without the observer. A new list
 * starts again from the first step.
 *
 * A step is not rendered in one go: the first `firstPaint` items are (a screenful), the others follow
 * `chunk` at a time in low-priority transitions, each in its own task, which React interrupts for
 * input. A page of 50 product boxes would otherwise block the main thread for half a second on a
 * phone (Lighthouse's total blocking time).
 *
 * A server-rendered list (decision 0016) is different: the server renders the whole first step, so
 * the page shows (and a search engine or find-in-page reads) every item at once; the browser
 * hydrates the first `firstPaint` items and each later one only when it comes near the viewport
 * (HydrateWhenNear, issue 20), instead of rendering them all again right after start-up.
 */
export function IncrementalGrid<T>({
  items,
  renderItem,
  sx,
  step = RENDER_STEP,
  firstPaint = FIRST_PAINT,
  chunk = RENDER_CHUNK,
}: IncrementalGridProps<T>) {
  const { t } = useTranslation();
  const isClient = useIsClient();
  // The list the server rendered (mounted while hydrating, or on the server): its whole first step
  // is in the markup. Any other list, or a new one later, is rendered by the browser in chunks.
  const [serverItems] = useState(() => (isClient ? null : items));
  const initial = () => ({ items, shown: step, rendered: Math.min(step, firstPaint) });
  const [state, setState] = useState(() =>
    serverItems === items ? { items, shown: step, rendered: step } : initial(),
  );
  const current = state.items === items ? state : initial();
  if (state.items !== items) setState(current);
  const { shown } = current;
  const rendered = Math.min(current.rendered, shown, items.length);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = Math.min(step, items.length - shown);
  const pending = Math.min(shown, items.length) - rendered;

  useEffect(() => {
    if (pending <= 0) return;
    const timer = setTimeout(() => {
      startTransition(() => {
        setState((now) =>
          now.items === items ? { ...now, rendered: Math.min(now.rendered + chunk, now.shown) } : now,
        );
      });
    }, 0);
    return () => clearTimeout(timer);
  }, [pending, rendered, items, chunk]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || more <= 0 || pending > 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState((now) => ({ ...now, shown: now.shown + step }));
        }
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, shown, step, pending]);

  return (
    <>
      <Box sx={sx}>
        {items.slice(0, rendered).map((item, index) => {
          const node = renderItem(item, index);
          if (items !== serverItems || index < firstPaint) return node;
          const key = isValidElement(node) && node.key !== null ? node.key : index;
          return <HydrateWhenNear key={key}>{node}</HydrateWhenNear>;
        })}
      </Box>
      {more > 0 && (
        <Box
          ref={sentinel}
          data-testid="render-more"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('catalog.shownOf', { shown, count: items.length })}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => setState({ items, shown: shown + step, rendered })}
            sx={{ bgcolor: 'background.paper' }}
          >
            {t('catalog.showMore', { count: more })}
          </Button>
        </Box>
      )}
    </>
  );
}
