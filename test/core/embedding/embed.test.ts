import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocalEmbedder, createRemoteEmbedder, embedderFor, embedText } from '../../../core/embedding/embed.ts';

// An OpenAI-compatible endpoint on loopback: it answers with (unnormalised) local embeddings, in reverse order.
let server: http.Server;
let url: string;
const seen: any[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = JSON.parse(body);
      seen.push({ json, auth: req.headers.authorization, path: req.url });
      if (json.model === 'broken') {
        res.writeHead(500).end('model unavailable');
        return;
      }
      const dims = json.model === 'wrong-size' ? 8 : json.dimensions;
      const data = (json.input as string[])
        .map((t, index) => ({ index, embedding: Array.from(embedText(t, dims)).map((x) => x * 3) }))
        .reverse();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('asks the endpoint for the index dimensions, in order and normalised', async () => {
  const remote = createRemoteEmbedder({ url, model: 'text-embedding-3-small', apiKey: 'sk-test', dimensions: 256 });
  const [a, b] = await remote.embed(['shear strength', 'wind pressure']);
  const [la, lb] = await createLocalEmbedder(256).embed(['shear strength', 'wind pressure']);
  expect(Array.from(a!).map((x) => x.toFixed(5))).toEqual(Array.from(la!).map((x) => x.toFixed(5)));
  expect(Array.from(b!).map((x) => x.toFixed(5))).toEqual(Array.from(lb!).map((x) => x.toFixed(5)));
  expect(seen.at(-1)).toMatchObject({
    path: '/v1/embeddings',
    auth: 'Bearer sk-test',
    json: { model: 'text-embedding-3-small', dimensions: 256, input: ['shear strength', 'wind pressure'] },
  });
});

it('fails clearly on an error status or vectors of the wrong width', async () => {
  await expect(createRemoteEmbedder({ url, model: 'broken', dimensions: 256 }).embed(['x'])).rejects.toThrow(
    /answered 500: model unavailable/,
  );
  await expect(createRemoteEmbedder({ url, model: 'wrong-size', dimensions: 256 }).embed(['x'])).rejects.toThrow(
    /8 dimensions, the index has 256/,
  );
});

it('builds the embedder EMBEDDER names, each with its model tag', () => {
  const config = { embeddingsUrl: url, embeddingsModel: 'm', embeddingsApiKey: null, embeddingsDimensions: 384 };
  expect(embedderFor({ ...config, embedder: 'hash' })).toMatchObject({ model: 'hash-v1-256', dimensions: 256 });
  expect(embedderFor({ ...config, embedder: 'openai' })).toMatchObject({ model: 'openai:m:384', dimensions: 384 });
  expect(embedderFor({ ...config, embedder: 'use-lite' })).toMatchObject({ model: 'use-lite-v1', dimensions: 512 });
});
