// A scripted hostile model for agent runs (issue 29, findings 5, 8, 17): an OpenAI-compatible server,
// started beside the platform, that answers with hundreds of tool calls, thousands of calls to tools
// that do not exist, huge arguments, negative or huge token usage. Runs are sent on the enterprise
// key and, concurrently, on a free-tier key of $1; the family checks that no account's usage goes
// below zero and that the free account spends at most its limit plus one call's reservation.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FuzzFamily, StepContext } from '../family.ts';

const SEND = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { conversation { id } } }`;
const RUN = `query ($id: ID!) { conversation(id: $id) { latestRun { status } } }`;
const USAGE = `{ usage { usedUsd limitUsd } }`;
const FREE_LIMIT_USD = 1;

let draw = 1;
const next = () => (draw = (draw * 48271) % 2147483647) / 2147483647;

/** One hostile answer, as server-sent events. */
function answer(res: http.ServerResponse, afterTools: boolean) {
  const sse = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const kind = afterTools
    ? next() < 0.7
      ? 'text'
      : 'many'
    : ['many', 'unknown', 'huge-args', 'negative', 'expensive', 'text'][Math.floor(next() * 6)]!;
  const calls = (n: number, name: (i: number) => string, args: (i: number) => string) => {
    for (let i = 0; i < n; i++)
      sse({
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                { index: i, id: `c${i}`, type: 'function', function: { name: name(i), arguments: args(i) } },
              ],
            },
          },
        ],
      });
  };
  if (kind === 'many')
    calls(
      200,
      () => 'search_memory',
      (i) => JSON.stringify({ query: `beam ${i}` }),
    );
  else if (kind === 'unknown')
    calls(
      3_000,
      (i) => `no_such_tool_${i}`,
      () => '{}',
    );
  else if (kind === 'huge-args')
    calls(
      2,
      () => 'search_memory',
      () => JSON.stringify({ query: 'x'.repeat(1_500_000) }),
    );
  else sse({ choices: [{ index: 0, delta: { content: 'Done.' } }] });
  const usage =
    kind === 'negative'
      ? { prompt_tokens: -400_000_000, completion_tokens: 5 }
      : kind === 'expensive'
        ? { prompt_tokens: 100_000, completion_tokens: 50_000 }
        : { prompt_tokens: 500, completion_tokens: 20 };
  sse({ choices: [], usage });
  res.end('data: [DONE]\n\n');
}

async function gql(ctx: StepContext, key: string, query: string, variables: unknown = {}) {
  const a = await ctx.send({
    method: 'POST',
    url: `${ctx.target.url}/graphql`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ query, variables })),
  });
  try {
    return JSON.parse(a.text) as { data?: any; errors?: { extensions?: { code?: string } }[] };
  } catch {
    return {};
  }
}

export const agentModel: FuzzFamily = {
  name: 'agent-model',
  concurrency: 4,
  async prepare() {
    const server = http.createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      let messages: { role: string }[] = [];
      try {
        messages = JSON.parse(body).messages ?? [];
      } catch {
        /* answered as a first call */
      }
      answer(res, messages.at(-1)?.role === 'tool');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return {
      env: {
        AGENT_LLM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        AGENT_LLM_MODEL: 'hostile',
        AGENT_LLM_ALLOW_PRIVATE: '1',
        FREE_AGENT_CREDITS_USD: String(FREE_LIMIT_USD),
        FREE_RATE_PER_MIN: '1000000',
      },
      close: () =>
        new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
    };
  },
  async step(ctx) {
    const key = ctx.r() < 0.5 && ctx.target.freeKey ? ctx.target.freeKey : ctx.target.key;
    const sent = await gql(ctx, key, SEND, {
      input: { agentId: 'frame-analysis-sap2000', content: 'Check beam B3.', stepLimit: 3 },
    });
    const id = sent.data?.sendMessage?.conversation?.id as string | undefined;
    if (!id) {
      if (sent.errors?.[0]?.extensions?.code !== 'OUT_OF_CREDITS')
        ctx.fail(`sendMessage: ${JSON.stringify(sent).slice(0, 200)}`);
      return;
    }
    const until = performance.now() + 30_000;
    while (performance.now() < until) {
      const status = (await gql(ctx, key, RUN, { id })).data?.conversation?.latestRun?.status;
      if (['DONE', 'INTERRUPTED', 'PAUSED'].includes(status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const usage = (await gql(ctx, key, USAGE)).data?.usage;
    if (usage && usage.usedUsd < 0) ctx.fail(`an account's agent usage went below zero: ${usage.usedUsd}`);
  },
  async finish(ctx) {
    if (!ctx.target.freeKey) return;
    const usage = (await gql(ctx, ctx.target.freeKey, USAGE)).data?.usage;
    // The limit plus one call's reservation (the request's characters as tokens and 4,096 out: well under $0.5 here).
    if (usage && usage.usedUsd > FREE_LIMIT_USD + 0.5)
      ctx.fail(`the free account spent $${usage.usedUsd.toFixed(2)} of its $${FREE_LIMIT_USD}`);
    console.log(`  agent-model: the free account spent $${usage?.usedUsd?.toFixed(4)} of its $${FREE_LIMIT_USD}`);
  },
};
