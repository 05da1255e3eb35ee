// Vitest global setup: with TEST_POSTGRES_URL set, migrates the template every
// test database is cloned from (test/helpers/postgres.ts) once per run, and
// drops what the run left behind at its end. Without it, nothing.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin, databaseUrl, TEMPLATE_DATABASE, TEST_DATABASE_PREFIX, TEST_POSTGRES_URL } from './postgres.ts';

async function dropLeftovers(): Promise<void> {
  await admin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
      [`${TEST_DATABASE_PREFIX}%`, TEMPLATE_DATABASE],
    );
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  });
}

export async function setup(): Promise<void> {
  if (!TEST_POSTGRES_URL) return;
  await dropLeftovers();
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  });
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrate-database.ts');
  execFileSync(process.execPath, [script, databaseUrl(TEMPLATE_DATABASE)], { stdio: 'inherit' });
}

export async function teardown(): Promise<void> {
  if (!TEST_POSTGRES_URL) return;
  await dropLeftovers();
}
