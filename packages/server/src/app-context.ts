import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import type { Mailer } from './lib/mailer';

/** What every module gets: configuration, the database, the mailer and the clock. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** The current time; tests replace it to travel in time. */
  now: () => Date;
}
