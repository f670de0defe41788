import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import type { ReadReplicas } from './db/read-replicas';
import type { Mailer } from './lib/mailer';

/** What every module gets: configuration, the database, the mailer and the clock. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** PostgreSQL read replicas when configured; reads that may use them ask `readDatabase(ctx)`. */
  replicas?: ReadReplicas;
  mailer: Mailer;
  /** The current time; tests replace it to travel in time. */
  now: () => Date;
}
