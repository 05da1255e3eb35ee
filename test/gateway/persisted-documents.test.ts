// Persisted documents (gateway/persisted-documents.ts): the list file's two formats, the three modes
// over real HTTP and WebSocket, and a listed hash answered without parsing.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ApolloServerPlugin } from '@apollo/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPersistedDocuments } from '../../gateway/persisted-documents.ts';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.ts';
import { wsClient, collect } from '../helpers/ws.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CODES =
  'query Codes($ds: DesignStandard) { codes(designStandard: $ds, first: 3) { nodes { fileId designStandard } } }';
const JOB = 'subscription Job($id: ID!) { jobUpdated(id: $id) { id status } }';
const UNLISTED = '{ codes(first: 1) { nodes { fileId } } }';

function listFile(entries: Record<string, string>): string {
  const file = path.join(tempDir('persisted-'), 'documents.json');
  fs.writeFileSync(file, JSON.stringify(entries));
  return file;
}

async function post(server: TestServer, body: unknown, key?: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: any; errors?: { extensions?: { code?: string } }[] },
  };
}
const byHash = (query: string, variables?: object) => ({
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } },
});

describe('the list file', () => {
  it("reads an object of hash → document and Apollo's manifest, and refuses a hash that is not its document's", () => {
    expect([...readPersistedDocuments(listFile({ [sha256(CODES)]: CODES })).keys()]).toEqual([sha256(CODES)]);
    const manifest = path.join(tempDir('persisted-'), 'manifest.json');
    fs.writeFileSync(
      manifest,
      JSON.stringify({
        format: 'apollo-persisted-query-manifest',
        version: 1,
        operations: [{ id: sha256(CODES), name: 'Codes', type: 'query', body: CODES }],
      }),
    );
    expect(readPersistedDocuments(manifest).get(sha256(CODES))).toBe(CODES);
    expect(() => readPersistedDocuments(listFile({ [sha256('{ x }')]: CODES }))).toThrow(/not the SHA-256/);
  });
});

describe('mode accept (a list, and any other document too)', () => {
  let server: TestServer;
  let parses = 0;
  const countParses: ApolloServerPlugin = {
    async requestDidStart() {
      return {
        async parsingDidStart() {
          parses++;
        },
      };
    },
  };
  beforeAll(async () => {
    server = await startTestServer(
      { PERSISTED_DOCUMENTS: listFile({ [sha256(CODES)]: CODES }) },
      { plugins: [countParses as never] },
    );
  });
  afterAll(() => server.stop());

  it('answers a listed hash without parsing it, from the first request on', async () => {
    const before = parses;
    for (const ds of ['US', 'CANADA', null]) {
      const res = await post(server, byHash(CODES, { ds }));
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.codes.nodes.length).toBeGreaterThan(0);
    }
    expect(parses - before).toBe(0);
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, and still runs documents sent as text', async () => {
    const unknown = await post(server, byHash(UNLISTED));
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const text = await post(server, { query: UNLISTED });
    expect(text.status).toBe(200);
    expect(text.body.data.codes.nodes).toHaveLength(1);
  });
});

describe('mode allowlist (listed documents only)', () => {
  let server: TestServer;
  let key: string;
  let parses = 0;
  const countParses: ApolloServerPlugin = {
    async requestDidStart() {
      return {
        async parsingDidStart() {
          parses++;
        },
      };
    },
  };
  beforeAll(async () => {
    server = await startTestServer(
      {
        PERSISTED_DOCUMENTS: listFile({ [sha256(CODES)]: CODES, [sha256(JOB)]: JOB }),
        PERSISTED_DOCUMENTS_MODE: 'allowlist',
      },
      { plugins: [countParses as never] },
    );
    key = (await server.key('pro')).secret;
  });
  afterAll(() => server.stop());

  it('refuses an unlisted document before parsing it, sent as text or registered with its hash', async () => {
    const before = parses;
    const text = await post(server, { query: UNLISTED });
    expect(text.status).toBe(400);
    expect(text.body.errors?.[0]?.extensions?.code).toBe('QUERY_NOT_IN_SAFELIST');
    const register = await post(server, { query: UNLISTED, ...byHash(UNLISTED) });
    expect(register.status).toBe(400);
    expect(register.body.errors?.[0]?.extensions?.code).toBe('QUERY_NOT_IN_SAFELIST');
    expect(parses - before).toBe(0);
    // Nothing was registered: the hash alone is still unknown.
    expect((await post(server, byHash(UNLISTED))).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('runs a listed document sent as text or by hash', async () => {
    expect(
      (await post(server, { query: CODES, variables: { ds: 'US' } })).body.data.codes.nodes.length,
    ).toBeGreaterThan(0);
    expect((await post(server, byHash(CODES, { ds: 'US' }))).body.data.codes.nodes.length).toBeGreaterThan(0);
  });

  it('holds over graphql-ws: a listed subscription by hash runs, an unlisted one is refused', async () => {
    const client = wsClient(server.url, key);
    try {
      const unlisted = collect(
        client,
        'subscription { jobUpdated(id: "00000000-0000-4000-8000-000000000000") { id } }',
        {},
      );
      await expect(unlisted).rejects.toSatisfy((errors: unknown) =>
        JSON.stringify(errors).includes('QUERY_NOT_IN_SAFELIST'),
      );
      const events: unknown[] = [];
      const listed = new Promise<void>((resolve, reject) => {
        client.subscribe(
          {
            query: '',
            variables: { id: '00000000-0000-4000-8000-000000000000' },
            extensions: byHash(JOB).extensions,
          } as never,
          {
            next: (e) => events.push(e),
            error: (e) => {
              events.push(e);
              resolve();
            },
            complete: () => resolve(),
          },
        );
        setTimeout(() => reject(new Error('no answer')), 10_000);
      });
      await listed;
      // The listed document ran: the answer is about the job (unknown here), not about the list.
      expect(JSON.stringify(events)).not.toMatch(/SAFELIST|PERSISTED_QUERY/);
      expect(JSON.stringify(events)).toMatch(/JOB_NOT_FOUND|not found/i);
    } finally {
      await client.dispose();
    }
  });
});

describe('mode require-id (listed hashes only)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      PERSISTED_DOCUMENTS: listFile({ [sha256(CODES)]: CODES }),
      PERSISTED_DOCUMENTS_MODE: 'require-id',
    });
  });
  afterAll(() => server.stop());

  it('refuses even a listed document sent as text, and runs it by hash', async () => {
    const text = await post(server, { query: CODES });
    expect(text.status).toBe(400);
    expect(text.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
    expect((await post(server, byHash(CODES))).body.data.codes.nodes.length).toBeGreaterThan(0);
  });

  it('refuses a mode without a list at start', async () => {
    await expect(startTestServer({ PERSISTED_DOCUMENTS_MODE: 'allowlist' })).rejects.toThrow(
      /needs PERSISTED_DOCUMENTS/,
    );
  });
});
