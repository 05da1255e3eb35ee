// Issue 29, findings 5, 8 and 17, on agent runs with a scripted hostile model.
// 5: a model answering 200 search_memory calls ran them all, back to back on the event loop (8 s).
// 17: a 13.6 MB tool result (and huge arguments) was kept and sent to the model at every step.
// 8: 8 concurrent runs on the $1 free tier spent $7.20 (each passed the check before any was
//    charged), and a model reporting negative usage drove the account's usage below zero.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { watchStalls } from '../../fuzz/stalls.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { modelEnv, startModelServer, type ModelServer } from '../helpers/model-server.ts';
import { startDesktop } from '../helpers/desktop-client.ts';

vi.setConfig({ testTimeout: 120_000 });

const SEND = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { conversation { id } run { id } } }`;
const RUN = `query ($id: ID!) { conversation(id: $id) { latestRun { status reasonCode reason steps toolCalls costUsd promptTokens } } }`;
const USAGE = `{ usage { usedUsd limitUsd runs } }`;
const FRAME = 'frame-analysis-sap2000';

let server: TestServer;
let model: ModelServer;

beforeAll(async () => {
  model = await startModelServer();
  server = await startTestServer({
    ...modelEnv(model),
    FREE_AGENT_CREDITS_USD: '1',
    FREE_RATE_PER_MIN: '100000',
    PRO_RATE_PER_MIN: '100000',
    AGENT_PRICE_IN_PER_MTOK: '2.5',
    AGENT_PRICE_OUT_PER_MTOK: '10',
    AGENT_TOOL_TIMEOUT_MS: '20000',
  });
});

afterAll(async () => {
  await server?.stop();
  await model?.close();
});

async function start(key: string, content: string): Promise<string | null> {
  const sent = await server.gql(SEND, { input: { agentId: FRAME, content } }, key);
  if (sent.body.errors) {
    expect(sent.body.errors[0].extensions.code).toBe('OUT_OF_CREDITS');
    return null;
  }
  return sent.body.data.sendMessage.conversation.id;
}

const ended = (key: string, id: string) =>
  waitFor(async () => {
    const r = (await server.gql(RUN, { id }, key)).body.data.conversation.latestRun;
    return ['DONE', 'INTERRUPTED'].includes(r.status) && r;
  }, 100_000);

describe('finding 5: tool calls per model answer', () => {
  it(`runs at most ${LIMITS.agentMaxToolCallsPerAnswer} of 200 search_memory calls and tells the model why the rest did not run`, async () => {
    const { secret: key } = await server.key('pro');
    const before = model.requests.length;
    model.script(
      {
        toolCalls: Array.from({ length: 200 }, (_, i) => ({
          name: 'search_memory',
          arguments: { query: `beam ${i}` },
        })),
      },
      { content: 'Done.' },
    );
    const stalls = watchStalls();
    const id = (await start(key, 'Search my memory 200 times.'))!;
    const run = await ended(key, id);
    const { worst } = stalls.take();
    stalls.stop();
    // The figure docs/operations/security.md gives (the issue's: a freeze of 8.3 s); the cap below is what guards it.
    console.log(
      `200 search_memory calls in one answer: ${run.toolCalls} ran; longest event-loop turn ${worst.cpuMs.toFixed(0)} ms of CPU (${worst.wallMs.toFixed(0)} ms wall)`,
    );
    expect(run).toMatchObject({ status: 'DONE', toolCalls: LIMITS.agentMaxToolCallsPerAnswer });
    const second = model.requests[before + 1]!;
    expect(second.messages.filter((m: any) => m.role === 'tool')).toHaveLength(LIMITS.agentMaxToolCallsPerAnswer);
    const assistant = second.messages.find((m: any) => m.role === 'assistant');
    expect(assistant.tool_calls).toHaveLength(LIMITS.agentMaxToolCallsPerAnswer);
    expect(assistant.content).toContain(
      `${200 - LIMITS.agentMaxToolCallsPerAnswer} more tool calls of this answer were not run`,
    );
  });
});

describe('finding 17: tool arguments and results are bounded before they enter the history', () => {
  it('answers a call with huge arguments INVALID_ARGUMENTS and sends the model a note of their size, not them', async () => {
    const { secret: key } = await server.key('pro');
    const before = model.requests.length;
    const huge = 'x'.repeat(2 * LIMITS.agentMaxToolArgumentBytes);
    model.script({ toolCalls: [{ name: 'search_memory', arguments: { query: huge } }] }, { content: 'Done.' });
    const id = (await start(key, 'Search for a long thing.'))!;
    await ended(key, id);
    const second = model.requests[before + 1]!;
    const body = JSON.stringify(second.messages);
    expect(body.length).toBeLessThan(LIMITS.agentMaxToolArgumentBytes);
    expect(JSON.parse(second.messages.find((m: any) => m.role === 'tool').content).error).toMatchObject({
      code: 'INVALID_ARGUMENTS',
      message: expect.stringMatching(/bytes, over the limit/),
    });
    expect(
      JSON.parse(second.messages.find((m: any) => m.role === 'assistant').tool_calls[0].function.arguments).omitted,
    ).toMatch(/over the limit/);
  });

  it("refuses a desktop's huge result with TOO_LARGE: the model reads the note, never the result", async () => {
    const { secret: key } = await server.key('pro');
    const rows = Array.from({ length: 40_000 }, (_, i) => ({
      frame: String(i),
      station: 0,
      p: 1.5,
      v2: 2.5,
      m3: 3.5,
      combination: 'DEAD+LIVE',
    }));
    const desktop = await startDesktop(server, key, {
      machineId: 'huge-results',
      onCall: () => ({ result: { cases: ['DEAD'], equations: 6, elapsed_ms: 1, rows } }),
    });
    try {
      const before = model.requests.length;
      model.script({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] }, { content: 'Done.' });
      const id = (await start(key, 'Run the analysis.'))!;
      await ended(key, id);
      const second = model.requests[before + 1]!;
      expect(JSON.stringify(second.messages).length).toBeLessThan(LIMITS.agentMaxToolResultBytes);
      expect(JSON.parse(second.messages.find((m: any) => m.role === 'tool').content).error).toMatchObject({
        code: 'TOO_LARGE',
        message: expect.stringMatching(/was not kept/),
      });
    } finally {
      await desktop.disconnect();
    }
  });
});

describe('finding 8: credits are reserved before a model call and settled after', () => {
  it('refuses negative usage from the model: the run ends MODEL_ERROR and the account is charged, never credited', async () => {
    const { secret: key } = await server.key('pro');
    model.script({ content: 'Done.', usage: { prompt: -400_000_000, completion: 5 } });
    const id = (await start(key, 'Hello.'))!;
    const run = await ended(key, id);
    expect(run).toMatchObject({ status: 'INTERRUPTED', reasonCode: 'MODEL_ERROR' });
    const usage = (await server.gql(USAGE, {}, key)).body.data.usage;
    expect(usage.usedUsd).toBeGreaterThanOrEqual(0);
  });
  it("16 concurrent runs on the $1 free tier spend at most $1 plus one call's reservation", async () => {
    const { secret: key } = await server.key('free');
    // Each call reports $0.75 of tokens (100,000 in, 50,000 out). Runs refused leave their steps unused: this test is last.
    model.script(
      ...Array.from({ length: 16 }, () => ({ content: 'Done.', usage: { prompt: 100_000, completion: 50_000 } })),
    );
    const ids = (await Promise.all(Array.from({ length: 16 }, (_, i) => start(key, `Run ${i}.`)))).filter(
      (x): x is string => x !== null,
    );
    const runs = await Promise.all(ids.map((id) => ended(key, id)));
    const usage = (await server.gql(USAGE, {}, key)).body.data.usage;
    const biggest = Math.max(...runs.map((r) => r.costUsd));
    console.log(
      `16 runs at once on $1: ${runs.filter((r) => r.status === 'DONE').length} done, ${runs.filter((r) => r.reasonCode === 'OUT_OF_CREDITS').length} out of credits, spent $${usage.usedUsd.toFixed(4)}; largest run $${biggest.toFixed(4)}`,
    );
    expect(usage.usedUsd).toBeLessThanOrEqual(1 + biggest + 1e-9);
    expect(usage.usedUsd).toBeLessThan(1.5);
    expect(runs.some((r) => r.status === 'DONE')).toBe(true);
  });
});
