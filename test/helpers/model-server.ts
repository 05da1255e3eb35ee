// A scripted OpenAI-compatible chat completions server: each request takes the next step of the
// script and answers it as server-sent events (reasoning, content, tool calls with their
// arguments split across chunks, usage), or as one JSON body, or as an HTTP error. Every request
// body is kept so tests can read what the model was sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelStep {
  reasoning?: string;
  content?: string;
  toolCalls?: { name: string; arguments: unknown }[];
  usage?: { prompt: number; completion: number };
  /** Answer with this HTTP status and no completion. */
  status?: number;
  /** Answer one JSON completion instead of a stream. */
  json?: boolean;
  /** Wait for this before answering (the run is then "in the model call"). */
  hold?: Promise<void>;
}

export interface ModelRequest {
  messages: any[];
  tools?: any[];
  stream?: boolean;
  model: string;
}

/** A step decided when the request comes: a scripted model that reads the conversation (its tool results) to choose its next call. */
export type ModelPolicy = (request: ModelRequest) => ModelStep;

export interface ModelServer {
  url: string;
  requests: ModelRequest[];
  script(...steps: (ModelStep | ModelPolicy)[]): void;
  /** Drops the steps not used (a policy scripted for more steps than a conversation took). */
  reset(): void;
  /** How many scripted steps no request has taken yet. */
  unused(): number;
  close(): Promise<void>;
}

const sse = (res: http.ServerResponse, chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
const halves = (s: string) => [s.slice(0, Math.ceil(s.length / 2)), s.slice(Math.ceil(s.length / 2))].filter(Boolean);

export async function startModelServer(): Promise<ModelServer> {
  const steps: (ModelStep | ModelPolicy)[] = [];
  const requests: ModelServer['requests'] = [];
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const request = JSON.parse(body);
    requests.push(request);
    const next = steps.shift();
    const step = typeof next === 'function' ? next(request) : next;
    if (!step) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'script exhausted' } }));
      return;
    }
    await step.hold;
    if (step.status) {
      res
        .writeHead(step.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'scripted failure' } }));
      return;
    }
    const usage = { prompt_tokens: step.usage?.prompt ?? 100, completion_tokens: step.usage?.completion ?? 20 };
    const toolCalls = (step.toolCalls ?? []).map((t, i) => ({
      id: `call_${requests.length}_${i}`,
      name: t.name,
      arguments: JSON.stringify(t.arguments),
    }));
    if (step.json || !request.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            {
              message: {
                role: 'assistant',
                content: step.content ?? null,
                tool_calls: toolCalls.map((t) => ({
                  id: t.id,
                  type: 'function',
                  function: { name: t.name, arguments: t.arguments },
                })),
              },
            },
          ],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const part of halves(step.reasoning ?? ''))
      sse(res, { choices: [{ index: 0, delta: { reasoning_content: part } }] });
    for (const part of halves(step.content ?? '')) sse(res, { choices: [{ index: 0, delta: { content: part } }] });
    toolCalls.forEach((t, index) => {
      sse(res, {
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index, id: t.id, type: 'function', function: { name: t.name, arguments: '' } }] },
          },
        ],
      });
      for (const part of halves(t.arguments))
        sse(res, { choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: part } }] } }] });
    });
    sse(res, { choices: [{ index: 0, delta: {}, finish_reason: toolCalls.length ? 'tool_calls' : 'stop' }] });
    sse(res, { choices: [], usage });
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    script: (...more) => void steps.push(...more),
    reset: () => void steps.splice(0),
    unused: () => steps.length,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The platform's settings for runs on this server: its URL on loopback, a fixed model name. */
export const modelEnv = (model: ModelServer) => ({
  AGENT_LLM_URL: model.url,
  AGENT_LLM_MODEL: 'scripted-model',
  AGENT_LLM_ALLOW_PRIVATE: '1',
});

/** A promise and the function that settles it. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}
