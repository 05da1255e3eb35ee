// The PostgreSQL side of the test suite. With TEST_POSTGRES_URL set (a role that
// may create databases, e.g. postgres://postgres@127.0.0.1:55432/postgres, as
// .ci/run sets it), every test server runs on a database of its own, cloned
// from a template migrated once per run (global-postgres.ts), and the store
// contract suites run on PostgreSQL too. Without it, everything is embedded.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || null;
export const TEMPLATE_DATABASE = 'platform_test_template';
/** Databases this suite creates start with this, so a run's leftovers can be found and dropped. */
export const TEST_DATABASE_PREFIX = 'platform_test_';

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL! });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `name` from the migrated template; an existing one is kept (same data directory, same database). */
async function createFromTemplate(name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`));
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '42P04') return; // duplicate_database: another process of this test made it
      // 55006: the template is briefly in use (another clone starting); try again.
      if (code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A fresh database of its own: its URL and a drop. */
export async function freshDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${TEST_DATABASE_PREFIX}${randomUUID().replace(/-/g, '')}`;
  await createFromTemplate(name);
  return { url: databaseUrl(name), name, drop: () => dropDatabase(name) };
}

/**
 * The environment that puts a platform started on `dataDir` on PostgreSQL: one database per data
 * directory, so processes a test starts on the same directory (gateway and subgraph) share it,
 * as they share the embedded file. Empty without TEST_POSTGRES_URL.
 */
export async function testDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (!TEST_POSTGRES_URL) return {};
  const name = databaseForDataDir(dataDir);
  await createFromTemplate(name);
  return { DATABASE_URL: databaseUrl(name) };
}

export function databaseForDataDir(dataDir: string): string {
  return `${TEST_DATABASE_PREFIX}${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;
}
