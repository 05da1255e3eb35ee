// The embedded index's vector read: a search scoped to codes ranks their
// passages by exact cosine distance (the approximate index answers for the
// whole library, and a scope's share of its answer may miss or misorder
// near passages).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../core/db/client.ts';
import { createLocalEmbedder } from '../../../../core/embedding/embed.ts';
import { createLibsqlIndex } from '../../../../subgraphs/content/search/libsql-index.ts';
import { tempDir } from '../../../helpers/server.ts';

const WORDS =
  'shear bending torsion column beam slab footing wall anchor bolt weld cover crack fire wind snow seismic drift load span'.split(
    ' ',
  );

describe('libSQL passage index, vector read', () => {
  let db: Database;
  const embedder = createLocalEmbedder(256);
  const texts = (file: number) =>
    Array.from(
      { length: 400 },
      (_, i) =>
        `${WORDS[(i * 7 + file) % WORDS.length]} ${WORDS[(i * 3 + 1) % WORDS.length]} ${WORDS[(i * 11 + file * 5) % WORDS.length]} item ${i}`,
    );
  beforeAll(async () => {
    db = await openDatabase({ url: `file:${path.join(tempDir(), 'v.db')}` });
    const index = createLibsqlIndex(db);
    for (const [f, fileId] of ['code-a', 'code-b', 'code-c'].entries()) {
      const ts = texts(f);
      const vectors = await embedder.embed(ts);
      await index.replaceFile(
        fileId,
        ts.map((text, i) => ({
          page: 1 + (i >> 3),
          pageLabel: '',
          section: `${i}`,
          heading: '',
          headingPath: '',
          contentType: 'text',
          text,
          glossary: '',
          embedding: vectors[i]!,
          embeddingModel: embedder.model,
          terms: [],
        })),
      );
    }
  });
  afterAll(() => db.$disconnect());

  it('ranks a scoped search by exact distance over the scope', async () => {
    const index = createLibsqlIndex(db);
    const [q] = await embedder.embed(['seismic drift of a slab']);
    const got = await index.passages(await index.nearest({ model: embedder.model, vector: q! }, ['code-b'], 25));
    expect(new Set(got.map((h) => h.fileId))).toEqual(new Set(['code-b']));
    // Brute force over code-b's passages, ties by id as the index breaks them.
    const all = await index.passages(Array.from({ length: 1200 }, (_, i) => i + 1));
    const vectors = await embedder.embed(all.map((h) => h.text));
    const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const expected = all
      .map((h, i) => ({ h, d: 1 - cosine(q!, vectors[i]!) }))
      .filter(({ h }) => h.fileId === 'code-b')
      .sort((a, b) => a.d - b.d || a.h.id - b.h.id)
      .slice(0, 25)
      .map(({ h }) => h.id);
    const order = new Map(got.map((h) => [h.id, h]));
    expect([...order.keys()].sort()).toEqual([...expected].sort());
  });
});
