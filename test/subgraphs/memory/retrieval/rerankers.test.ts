import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLocalEmbedder } from '../../../../core/embedding/embed.ts';
import { createLlmExtractor } from '../../../../subgraphs/memory/extraction/llm.ts';
import { createRemoteReranker, localPairScores } from '../../../../subgraphs/memory/retrieval/cross-encoder.ts';
import { rrf, withProximity } from '../../../../subgraphs/memory/retrieval/fusion.ts';
import { mmr } from '../../../../subgraphs/memory/retrieval/mmr.ts';

describe('rrf', () => {
  it('is 1 for a fact first in every list and sums 1/(rank+1) over lists otherwise', () => {
    const scores = rrf([
      [
        { uuid: 'a', score: 9 },
        { uuid: 'b', score: 1 },
      ],
      [
        { uuid: 'a', score: 0.9 },
        { uuid: 'c', score: 0.1 },
      ],
      [],
    ]);
    expect(scores.get('a')).toBe(1);
    expect(scores.get('b')).toBe(0.25);
    expect(scores.get('c')).toBe(0.25);
    expect(withProximity(0.5, 1)).toBe(0.75);
    expect(withProximity(0.5, undefined)).toBe(0.5);
  });
});

describe('mmr', () => {
  const embed = createLocalEmbedder(256);
  it('stays within -1..1 and prefers a different fact over a near duplicate as lambda falls', async () => {
    const [a, a2, b] = await embed.embed([
      'beam B3 uses a W14x30',
      'beam B3 uses a W14x30 section',
      'snow load is 30 psf',
    ]);
    const items = [
      { uuid: 'a', relevance: 1, embedding: a! },
      { uuid: 'a2', relevance: 0.9, embedding: a2! },
      { uuid: 'b', relevance: 0.6, embedding: b! },
    ];
    expect(mmr(items, 1, 3).map((r) => r.uuid)).toEqual(['a', 'a2', 'b']);
    const diverse = mmr(items, 0.3, 3);
    expect(diverse.map((r) => r.uuid)).toEqual(['a', 'b', 'a2']);
    for (const r of [...diverse, ...mmr(items, 0, 3)]) expect(Math.abs(r.score)).toBeLessThanOrEqual(1);
  });
});

describe('cross_encoder', () => {
  it('the local pairwise scorer rates a fact that answers the query above one that shares a word', () => {
    const [good, weak] = localPairScores('what is the roof snow load', [
      'The roof snow load is 30 psf.',
      'The roof is steel deck.',
    ]);
    expect(good).toBeGreaterThan(weak!);
    expect(good).toBeLessThanOrEqual(1);
    expect(weak).toBeGreaterThanOrEqual(0);
  });

  async function fakeApi(answer: (body: any) => unknown) {
    const seen: any[] = [];
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw);
        seen.push({ url: req.url, auth: req.headers.authorization, body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer(body)));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      seen,
      close: () => new Promise((r) => server.close(r)),
    };
  }

  it('a configured reranking endpoint scores the pairs (Cohere/Jina /rerank shape), clamped to 0..1', async () => {
    const api = await fakeApi((b) => ({
      results: b.documents.map((_: string, index: number) => ({ index, relevance_score: index === 0 ? 1.3 : 0.2 })),
    }));
    const scores = await createRemoteReranker({ url: api.url, model: 'm', apiKey: 'k' }).score('q', ['x', 'y']);
    expect(scores).toEqual([1, 0.2]);
    expect(api.seen[0]).toMatchObject({
      url: '/v1/rerank',
      auth: 'Bearer k',
      body: { model: 'm', query: 'q', documents: ['x', 'y'] },
    });
    await api.close();
  });

  it('the language-model extractor asks an OpenAI-compatible endpoint and keeps only facts between named entities', async () => {
    const api = await fakeApi(() => ({
      choices: [
        {
          message: {
            content: JSON.stringify({
              entities: [
                { name: 'Beam B3', kind: 'member' },
                { name: 'W14x30', kind: 'member_size' },
              ],
              facts: [
                {
                  source: 'Beam B3',
                  target: 'W14x30',
                  relation: 'uses',
                  fact: 'Beam B3 uses a W14x30.',
                  replaces: null,
                  ends: null,
                },
                { source: 'Beam B3', target: 'Nowhere', relation: 'USES', fact: 'dropped', replaces: null, ends: null },
                {
                  source: 'Maria',
                  target: 'Beam B3',
                  relation: 'CHECKED',
                  fact: 'Maria checked Beam B3 on 7 May 2023.',
                  replaces: null,
                  ends: null,
                  valid_at: '2023-05-07',
                },
                {
                  source: 'Maria',
                  target: 'W14x30',
                  relation: 'LIKES',
                  fact: 'Maria likes the W14x30.',
                  replaces: null,
                  ends: null,
                  valid_at: 'soon',
                },
              ],
            }),
          },
        },
      ],
    }));
    const x = await createLlmExtractor({ url: api.url, model: 'gpt' }).extract({
      content: 'Beam B3 uses a W14x30.',
      role: 'Maria',
      roleType: 'user',
      name: '',
      timestamp: '',
      addressee: 'Kenji',
    });
    expect(x.entities[0]).toEqual({ name: 'Maria', kind: 'speaker' });
    expect(x.facts).toEqual([
      {
        source: 'Beam B3',
        target: 'W14x30',
        relation: 'USES',
        fact: 'Beam B3 uses a W14x30.',
        replaces: null,
        ends: null,
      },
      {
        source: 'Maria',
        target: 'Beam B3',
        relation: 'CHECKED',
        fact: 'Maria checked Beam B3 on 7 May 2023.',
        replaces: null,
        ends: null,
        validAt: '2023-05-07T00:00:00.000Z',
      },
      {
        source: 'Maria',
        target: 'W14x30',
        relation: 'LIKES',
        fact: 'Maria likes the W14x30.',
        replaces: null,
        ends: null,
      },
    ]);
    expect(api.seen[0].body.messages[1].content).toContain('Addressee: Kenji');
    expect(api.seen[0].url).toBe('/v1/chat/completions');
    await api.close();
  });
});
