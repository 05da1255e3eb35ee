// Starts the real platform on free ports with a fresh data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Tier } from '../../core/config.ts';
import { startServer, type RunningServer, type StartOptions } from '../../gateway/server.ts';
import { databaseForDataDir, dropDatabase, testDatabaseEnv, TEST_POSTGRES_URL } from './postgres.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  key(tier?: Tier, accountId?: string): Promise<{ secret: string; accountId: string }>;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    key?: string,
  ): Promise<{ status: number; body: { data?: T; errors?: any }; headers: Headers }>;
  rest(pathAndQuery: string, init?: RequestInit & { key?: string }): Promise<Response>;
  stop(): Promise<void>;
}

export function tempDir(prefix = 'platform-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? tempDir();
  // On PostgreSQL (TEST_POSTGRES_URL) a database of the data directory's own, unless the test names one.
  const database = env.DATABASE_URL ? {} : await testDatabaseEnv(dataDir);
  // The public answer cache off unless a test turns it on: tests change storage under the server and
  // expect the next read to see it (test/gateway/public-response-cache.test.ts tests the cache). The
  // hashing embedder unless a test asks for another: a test server need not load the model (its own tests do).
  const config = loadConfig({
    PORT: '0',
    MEMORY_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    PUBLIC_CACHE_S: '0',
    EMBEDDER: 'hash',
    ...database,
    ...env,
  });
  const server = await startServer(config, options);
  const keyHeader = (key?: string): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});
  return {
    ...server,
    dataDir,
    async key(tier = 'pro', accountId) {
      const { secret, key } = await server.platform.keys.create({ name: `test ${tier}`, tier, accountId });
      return { secret, accountId: key.accountId };
    },
    async gql(query, variables, key) {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...keyHeader(key) },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    rest(pathAndQuery, init = {}) {
      const { key, headers, ...rest } = init;
      return fetch(`${server.url}${pathAndQuery}`, {
        ...rest,
        headers: { ...keyHeader(key), ...(headers as Record<string, string>) },
      });
    },
    async stop() {
      await server.close(2_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (database.DATABASE_URL && TEST_POSTGRES_URL) await dropDatabase(databaseForDataDir(dataDir));
    },
  };
}

/**
 * A server started with `env` and one key of `tier`, before the tests of the
 * file or describe block that calls it, stopped after them. Read `server` and
 * `key` inside tests (they are set once the server is up).
 */
export function serverWithKey(
  tier: Tier = 'pro',
  env: Record<string, string> = {},
): { readonly server: TestServer; readonly key: string } {
  const state: { server?: TestServer; key?: string } = {};
  beforeAll(async () => {
    state.server = await startTestServer(env);
    state.key = (await state.server.key(tier)).secret;
  });
  afterAll(() => state.server?.stop());
  return {
    get server() {
      if (!state.server) throw new Error('serverWithKey: the server is started in beforeAll; read it inside a test');
      return state.server;
    },
    get key() {
      if (!state.key) throw new Error('serverWithKey: the key is made in beforeAll; read it inside a test');
      return state.key;
    },
  };
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const CREATE_DIAGNOSTIC = `mutation Create($input: DiagnosticJobInput!) { createDiagnosticJob(input: $input) { id status } }`;
