import pg from 'pg';

/** A PostgreSQL database made for one test or bench run (see createPostgresDatabase). */
export interface PostgresDatabase {
  /** The new database's URL: `adminUrl` with the database name in its path. */
  url: string;
  /** Drops the database, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** Runs one statement on the server of `adminUrl` through a connection of its own. */
async function runOnServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates the empty database `name` on the PostgreSQL server of `adminUrl`. */
export async function createPostgresDatabase(adminUrl: string, name: string): Promise<PostgresDatabase> {
  await runOnServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
