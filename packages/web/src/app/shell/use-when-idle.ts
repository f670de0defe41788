import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser is idle after the first render (or `fallbackMs` passed where
 * requestIdleCallback is missing): lets the shell load what the first page does not need, such
 * as the news panel, without competing with the page itself.
 */
export function useWhenIdle(fallbackMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // A transition: the shell's re-render runs in short slices, never as one long task.
    const done = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, fallbackMs);
    return () => clearTimeout(timer);
  }, [fallbackMs]);
  return idle;
}
