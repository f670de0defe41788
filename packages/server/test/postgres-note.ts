/**
 * Vitest global setup of the server tests: without TEST_DATABASE_URL they run on SQLite only, and
 * every PostgreSQL case is absent from the report. One line at the end of the run says so, so that
 * a green run is not read as a run on both databases.
 */
export default function postgresNote(): (() => void) | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  return () => {
    console.log(
      'PostgreSQL was not tested: TEST_DATABASE_URL is not set, so the server tests ran on SQLite only ' +
        '(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).',
    );
  };
}
