import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Boxes rendered at first and added per step: a page of 50 or 100 renders at once. */
export const RENDER_STEP = 100;

export interface IncrementalGridProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  /** Grid styles of the list. */
  sx?: object;
  step?: number;
}

/**
 * A list that renders its first `step` items and adds the next `step` whenever the end comes near
 * the viewport (an IntersectionObserver 1200 px ahead), so "all" (ppp 99999) opens and scrolls as
 * fast as a page of 100 instead of building thousands of product boxes at once. A "show more"
 * button and a count do the same for keyboard users and browsers without the observer. A new list
 * starts again from the first step.
 */
export function IncrementalGrid<T>({ items, renderItem, sx, step = RENDER_STEP }: IncrementalGridProps<T>) {
  const { t } = useTranslation();
  const [state, setState] = useState({ items, shown: step });
  const shown = state.items === items ? state.shown : step;
  if (state.items !== items) setState({ items, shown: step });
  const sentinel = useRef<HTMLDivElement>(null);
  const more = Math.min(step, items.length - shown);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || more <= 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState((current) => ({ ...current, shown: current.shown + step }));
        }
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, shown, step]);

  return (
    <>
      <Box sx={sx}>{items.slice(0, shown).map((item, index) => renderItem(item, index))}</Box>
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
            onClick={() => setState({ items, shown: shown + step })}
            sx={{ bgcolor: 'background.paper' }}
          >
            {t('catalog.showMore', { count: more })}
          </Button>
        </Box>
      )}
    </>
  );
}
