// npm run bench:agents — what the platform adds to an agent step. A run of STEPS steps (each a
// model answer asking for one desktop tool, answered at once by a scripted desktop over real
// graphql-ws) is timed from sendMessage to DONE, against the same number of bare round trips
// to the same scripted model server from this process, measured in the same run. The
// difference per step is the platform's share: the GraphQL mutation, history reads and writes,
// the SSE parse, the bridge's delivery over the socket and the result's mutation back.
import { startTestServer, waitFor } from '../test/helpers/server.ts';
import { startModelServer } from '../test/helpers/model-server.ts';
import { startDesktop } from '../test/helpers/desktop-client.ts';

const STEPS = Number(process.env.BENCH_STEPS ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RESULT = { cases: ['DEAD'], equations: 6, elapsed_ms: 1 };

const model = await startModelServer();
const server = await startTestServer({ AGENT_LLM_URL: model.url, AGENT_LLM_ALLOW_PRIVATE: '1', PRO_RATE_PER_MIN: '100000', PRO_AGENT_CREDITS_USD: '1000000' });
const { secret } = await server.key('pro');
const desktop = await startDesktop(server, secret, { machineId: 'bench', onCall: () => ({ result: RESULT }) });

const script = () => model.script(...Array.from({ length: STEPS }, () => ({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] })), { content: 'done' });

async function platformRun(): Promise<number> {
  script();
  const t0 = performance.now();
  const res = await server.gql(`mutation ($i: SendMessageInput!) { sendMessage(input: $i) { conversation { id } } }`, { i: { agentId: 'frame-analysis-sap2000', content: 'go', stepLimit: 500 } }, secret);
  const id = res.body.data.sendMessage.conversation.id;
  await waitFor(async () => (await server.gql(`query ($id: ID!) { conversation(id: $id) { latestRun { status } } }`, { id }, secret)).body.data.conversation.latestRun.status === 'DONE', 120_000, 5);
  return performance.now() - t0;
}

async function bareRun(): Promise<number> {
  script();
  const t0 = performance.now();
  const messages = [{ role: 'user', content: 'go' }];
  for (let i = 0; i <= STEPS; i++) {
    const res = await fetch(`${model.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', stream: true, messages }) });
    await res.text();
  }
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await platformRun(); // warm-up
await bareRun();
const platform: number[] = [];
const bare: number[] = [];
for (let r = 0; r < RUNS; r++) {
  platform.push(await platformRun());
  bare.push(await bareRun());
}
const p = median(platform) / (STEPS + 1);
const b = median(bare) / (STEPS + 1);
console.log(`agent steps: ${STEPS} tool steps + the answer, ${RUNS} runs each (median)`);
console.log(`platform (sendMessage → model → desktop over graphql-ws → model … → DONE): ${p.toFixed(2)} ms per step`);
console.log(`baseline (bare streamed model round trip from this process):            ${b.toFixed(2)} ms per step`);
console.log(`platform share per step: ${(p - b).toFixed(2)} ms; ratio ${(p / b).toFixed(2)}×`);
await desktop.disconnect();
await server.stop();
await model.close();
