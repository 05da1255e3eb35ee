// npm run bench:agents — what the platform adds to an agent step. A run of STEPS steps (each a
// model answer asking for one desktop tool, answered at once by a scripted desktop over real
// graphql-ws) is timed from sendMessage to DONE, against the same number of bare round trips
// to the same scripted model server from this process, measured in the same run. The
// difference per step is the platform's share: the GraphQL mutation, history reads and writes,
// the SSE parse, the bridge's delivery over the socket and the result's mutation back.
import { startTestServer } from '../test/helpers/server.ts';
import { wsClient } from '../test/helpers/ws.ts';
import { modelEnv, startModelServer } from '../test/helpers/model-server.ts';
import { startDesktop } from '../test/helpers/desktop-client.ts';

const STEPS = Number(process.env.BENCH_STEPS ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RESULT = { cases: ['DEAD'], equations: 6, elapsed_ms: 1 };

const model = await startModelServer();
// Database statements, counted: unlike time, their number per step does not depend on the machine's load.
let statements = 0;
const server = await startTestServer(
  { ...modelEnv(model), PRO_RATE_PER_MIN: '100000', PRO_AGENT_CREDITS_USD: '1000000' },
  { onQuery: () => void statements++ },
);
const { secret } = await server.key('pro');
const desktop = await startDesktop(server, secret, { machineId: 'bench', onCall: () => ({ result: RESULT }) });
const live = wsClient(server.url, secret);

const script = () =>
  model.script(
    ...Array.from({ length: STEPS }, () => ({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] })),
    { content: 'done' },
  );

/** Wall time and this process's CPU time of one run (the CPU time is less at the mercy of other processes). */
async function timed(run: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const c = process.cpuUsage(c0);
  return { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
}

let platformStatements = 0;
const platformRun = () =>
  timed(async () => {
    script();
    const s0 = statements;
    const res = await server.gql(
      `mutation ($i: SendMessageInput!) { sendMessage(input: $i) { conversation { id } } }`,
      { i: { agentId: 'frame-analysis-sap2000', content: 'go', stepLimit: 500 } },
      secret,
    );
    const id = res.body.data.sendMessage.conversation.id;
    // The end is seen on the live view (as the app sees it), not by polling, which would load the process measured.
    for await (const event of live.iterate({
      query: `subscription ($c: ID!) { runEvents(conversationId: $c) { status } }`,
      variables: { c: id },
    })) {
      if ((event.data as { runEvents: { status: string } }).runEvents.status === 'DONE') break;
    }
    platformStatements = statements - s0;
  });

const bareRun = () =>
  timed(async () => {
    script();
    const messages = [{ role: 'user', content: 'go' }];
    for (let i = 0; i <= STEPS; i++) {
      const res = await fetch(`${model.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', stream: true, messages }),
      });
      await res.text();
    }
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await platformRun(); // warm-up
await bareRun();
const platform: { wall: number; cpu: number }[] = [];
const bare: { wall: number; cpu: number }[] = [];
for (let r = 0; r < RUNS; r++) {
  platform.push(await platformRun());
  bare.push(await bareRun());
}
const perStep = (xs: { wall: number; cpu: number }[], k: 'wall' | 'cpu') => median(xs.map((x) => x[k])) / (STEPS + 1);
const [pw, bw, pc, bc] = [
  perStep(platform, 'wall'),
  perStep(bare, 'wall'),
  perStep(platform, 'cpu'),
  perStep(bare, 'cpu'),
];
console.log(`agent steps: ${STEPS} tool steps + the answer, ${RUNS} runs each (median)`);
console.log(
  `platform (sendMessage → model → desktop over graphql-ws → model … → DONE): ${pw.toFixed(2)} ms per step, CPU ${pc.toFixed(2)} ms`,
);
console.log(
  `baseline (bare streamed model round trip from this process):            ${bw.toFixed(2)} ms per step, CPU ${bc.toFixed(2)} ms`,
);
console.log(
  `platform share per step: ${(pw - bw).toFixed(2)} ms; ratio ${(pw / bw).toFixed(2)}× (CPU ratio ${(pc / bc).toFixed(2)}×)`,
);
console.log(`database statements per step: ${(platformStatements / (STEPS + 1)).toFixed(1)}`);
await live.dispose();
await desktop.disconnect();
await server.stop();
await model.close();
