import type { AppContext } from '../../app-context';
import * as repo from './tracking.repository';

/** Page views are kept this long (the privacy policy says 12 months). */
export const PAGE_VIEW_RETENTION_DAYS = 365;
/** The retention clean-up runs at most this often per process, after a stored view. */
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

export interface PageView {
  path: string;
  language: string;
  /** Only with the visitor's analytics consent and a valid token; otherwise null. */
  userId: number | null;
}

export interface PageViewRecorder {
  record(view: PageView): Promise<void>;
}

/** Stores page views for the back office's statistics and drops those older than the retention. */
export function createPageViewRecorder(ctx: AppContext): PageViewRecorder {
  let lastCleanUp = 0;
  return {
    async record(view) {
      const now = ctx.now();
      await repo.insertPageView(ctx.database.db, { ...view, createdAt: now.toISOString() });
      if (now.getTime() - lastCleanUp >= CLEAN_UP_EVERY_MS) {
        lastCleanUp = now.getTime();
        const cutoff = new Date(now.getTime() - PAGE_VIEW_RETENTION_DAYS * 24 * 60 * 60 * 1000);
        await repo.deletePageViewsBefore(ctx.database.db, cutoff.toISOString());
      }
    },
  };
}
