import { type Kysely, type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS } from 'kysely';
import * as m001 from './migrations/001-initial-schema';
import * as m002 from './migrations/002-search-index';
import * as m004 from './migrations/004-erp-integration';
import * as m005 from './migrations/005-outbox';
import * as m006 from './migrations/006-webhooks';
import * as m007 from './migrations/007-company-users';
import * as m008 from './migrations/008-checkout-rules';
import * as m009 from './migrations/009-order-lists';
import * as m010 from './migrations/010-photos-and-alerts';
import * as m011 from './migrations/011-approvals';
import * as m012 from './migrations/012-quotes';
import * as m013 from './migrations/013-assortments';
import * as m014 from './migrations/014-approval-quotes';
import * as m015 from './migrations/015-admin-list-indexes';
import * as m016 from './migrations/016-admin-list-covering-indexes';
import * as m017 from './migrations/017-account-list-index';
import * as m018 from './migrations/018-admin-barcode-search';
import type { Database } from './schema';

/** Migrations are listed here (not read from disk) so that the bundled server carries them. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001-initial-schema': m001,
  '002-search-index': m002,
  '004-erp-integration': m004,
  '005-outbox': m005,
  '006-webhooks': m006,
  '007-company-users': m007,
  '008-checkout-rules': m008,
  '009-order-lists': m009,
  '010-photos-and-alerts': m010,
  '011-approvals': m011,
  '012-quotes': m012,
  '013-assortments': m013,
  '014-approval-quotes': m014,
  '015-admin-list-indexes': m015,
  '016-admin-list-covering-indexes': m016,
  '017-account-list-index': m017,
  '018-admin-barcode-search': m018,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...MIGRATIONS };
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateDown(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error } = await migrator.migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export const MIGRATION_NAMES = Object.keys(MIGRATIONS);
