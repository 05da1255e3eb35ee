// The one chat completions client, against a real local HTTP server: what it sends, the text it
// reads, and each failure (error status, unreadable answer, time limit, size limit, redirect,
// a private address it may not reach) as one ChatEndpointError whose reason names what happened.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatEndpointError,
  chatCompletionText,
  postChatCompletion,
  type ChatEndpoint,
} from '../../../core/net/chat-completions.ts';

type Answer = (res: http.ServerResponse) => void;
let next: Answer = (res) => res.writeHead(500).end();
const seen: { url: string; auth: string | undefined; body: any }[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ url: req.url!, auth: req.headers.authorization, body: JSON.parse(body) });
    next(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise((r) => server.close(r)));

const endpoint = (over: Partial<ChatEndpoint> = {}): ChatEndpoint => ({
  url,
  model: 'm',
  apiKey: 'k',
  timeoutMs: 5_000,
  allowPrivate: true,
  ...over,
});
const completion =
  (content: unknown): Answer =>
  (res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
const failure = async (call: Promise<unknown>): Promise<ChatEndpointError> => {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChatEndpointError);
  return err as ChatEndpointError;
};

describe('chat completions client', () => {
  it('POSTs the request with the model and the key to {url}/chat/completions and answers the first message text', async () => {
    next = completion('hello');
    seen.length = 0;
    expect(await chatCompletionText(endpoint(), { temperature: 0, messages: [{ role: 'user', content: 'hi' }] })).toBe(
      'hello',
    );
    expect(seen[0]).toEqual({
      url: '/v1/chat/completions',
      auth: 'Bearer k',
      body: { model: 'm', temperature: 0, messages: [{ role: 'user', content: 'hi' }] },
    });
  });

  it('answers null when the model wrote no text', async () => {
    next = completion(null);
    expect(await chatCompletionText(endpoint(), { messages: [] })).toBeNull();
  });

  it('an error status is a ChatEndpointError naming the status and the start of the body', async () => {
    next = (res) => res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":"slow down"}');
    const err = await failure(chatCompletionText(endpoint(), { messages: [] }));
    expect(err.reason).toMatch(/HTTP 429: \{"error":"slow down"\}/);
  });

  it('an answer that is not a JSON completion is a ChatEndpointError', async () => {
    next = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>');
    expect((await failure(chatCompletionText(endpoint(), { messages: [] }))).reason).toMatch(
      /not a JSON completion: <html>/,
    );
  });

  it('gives up after its time limit', async () => {
    next = (res) => setTimeout(() => completion('late')(res), 1_000);
    // The reason names the time limit: a call that waited for the late answer would have succeeded.
    expect((await failure(chatCompletionText(endpoint({ timeoutMs: 150 }), { messages: [] }))).reason).toMatch(
      /timed out/,
    );
  });

  it('stops reading an answer larger than its limit', async () => {
    next = completion('x'.repeat(50_000));
    expect((await failure(chatCompletionText(endpoint({ maxBytes: 10_000 }), { messages: [] }))).reason).toMatch(
      /10000 bytes/,
    );
  });

  it('does not follow a redirect (a POST would be replayed without its body)', async () => {
    next = (res) => res.writeHead(307, { location: '/elsewhere' }).end();
    expect((await failure(chatCompletionText(endpoint(), { messages: [] }))).reason).toMatch(/redirect/);
  });

  it('refuses a loopback address unless the endpoint allows private ones', async () => {
    next = completion('never');
    seen.length = 0;
    expect((await failure(chatCompletionText(endpoint({ allowPrivate: false }), { messages: [] }))).reason).toMatch(
      /non-public address 127\.0\.0\.1/,
    );
    expect(seen).toHaveLength(0);
  });

  it('streams a successful answer to onChunk, and an error thrown there comes out as thrown', async () => {
    next = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"a":1}\n\n');
      res.end('data: [DONE]\n\n');
    };
    let streamed = '';
    const res = await postChatCompletion(
      endpoint(),
      { stream: true, messages: [] },
      { onChunk: (c) => (streamed += c.toString()) },
    );
    expect(streamed).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
    expect(res.bytes.length).toBe(0);
    const mine = new Error('mine');
    await expect(
      postChatCompletion(
        endpoint(),
        { stream: true, messages: [] },
        {
          onChunk: () => {
            throw mine;
          },
        },
      ),
    ).rejects.toBe(mine);
  });
});
