// A tool step through the whole platform: an agent run (scripted chat-completions server) whose
// every step is one tool call sent down the real graphql-ws bridge to this client, run on the
// stand-in and answered by submitToolResult over HTTP; against the same call dispatched to the
// adapter in process (the baseline, measured in the same run). The per-step figure includes the
// scripted model's round trip and the run's bookkeeping. Run: npm run bench:bridge -w desktop
// (BENCH_CALLS=100).
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolName } from '@structural-platform/tool-schema';
import { loadConfig } from '../../core/config.ts';
import { startServer } from '../../gateway/server.ts';
import { modelEnv, startModelServer } from '../../test/helpers/model-server.ts';
import { dispatch } from '../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../src/adapters/standin/adapter.ts';
import { Session } from '../src/auth/session.ts';
import { BridgeClient } from '../src/bridge/client.ts';
import { Logger } from '../src/logs/logger.ts';
import { PlatformApi } from '../src/platform/api.ts';

const N = Number(process.env.BENCH_CALLS ?? 100);
const dir = mkdtempSync(join(tmpdir(), 'bench-bridge-'));
const model = await startModelServer();
const server = await startServer(
  loadConfig({
    ...modelEnv(model),
    PORT: '0',
    MEMORY_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    NODE_ENV: 'development',
    PRO_RATE_PER_MIN: '100000',
    HEARTBEAT_RATE_PER_MIN: '100000',
  }),
);
const { secret } = await server.platform.keys.create({ name: 'bench', tier: 'pro' });
// An account key is accepted wherever an access token is: the session presents it as one.
const memory = {
  kind: 'file' as const,
  load: async () => ({
    access_token: secret,
    refresh_token: 'unused',
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  }),
  save: async () => {},
  clear: async () => {},
};
const session = new Session(memory, server.url);
await session.load();
const adapter = new StandinFrameAdapter('sap2000', dir);
const adapters = new Map([['sap2000' as const, adapter]]);
const client = new BridgeClient({
  api: new PlatformApi(session),
  machineId: 'bench',
  machineName: 'bench',
  clientVersion: '0.1.0',
  adapters: () => adapters,
  lanes: () => [{ program: 'sap2000', versions: ['stand-in'], activeVersion: 'stand-in', state: 'ready' }],
  log: new Logger({ dir: join(dir, 'logs') }),
});
client.start();
while (client.state !== 'connected') await new Promise((r) => setTimeout(r, 20));

const direct = async (tool: ToolName, args: unknown) => {
  const out = await dispatch(adapters, { callId: 'x', program: 'sap2000', tool, args });
  if (!out.ok) throw new Error(JSON.stringify(out));
};
const gql = async (query: string, variables: Record<string, unknown>) => {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
};
const tc = (tool: string, args: unknown) => ({ toolCalls: [{ name: `sap2000_${tool}`, arguments: args }] });
const E = 210e9;
const read = { case: 'WIND', kind: 'displacements' };
const build = [
  tc('new_model', {
    units: 'N_m_C',
    dimension: '2d',
    template: { kind: 'portal_frame', stories: 3, story_height: 3.5, bays: 3, bay_width: 6 },
    default_section: 'COL',
  }),
  tc('define_material', { name: 'S', e: E, poisson: 0.3 }),
  tc('define_section', { name: 'COL', material: 'S', section: { shape: 'rectangle', depth: 0.4, width: 0.3 } }),
  tc('assign_loads', { pattern: 'WIND', loads: [{ type: 'joint', joint: [0, 0, 10.5], force: [1e4, 0, 0] }] }),
  tc('run_analysis', {}),
];
/** One agent run of `steps` read_results calls; its wall time per step. */
async function run(steps: number, prefix: typeof build = []): Promise<number> {
  model.script(...prefix, ...Array.from({ length: steps }, () => tc('read_results', read)), { content: 'done' });
  const started = performance.now();
  const sent = await gql(`mutation ($i: SendMessageInput!) { sendMessage(input: $i) { conversation { id } } }`, {
    i: { agentId: 'frame-analysis-sap2000', content: 'bench', stepLimit: 500 },
  });
  const id = sent.sendMessage.conversation.id;
  for (;;) {
    const c = await gql(`query ($id: ID!) { conversation(id: $id) { latestRun { status steps } } }`, { id });
    if (c.conversation.latestRun.status === 'DONE') break;
    if (c.conversation.latestRun.status === 'INTERRUPTED') throw new Error('run interrupted');
    await new Promise((r) => setTimeout(r, 20));
  }
  return (performance.now() - started) / (steps + prefix.length);
}
await run(5, build);
if (!adapter.hasOwnSession()) throw new Error('the model was not built');
async function time(run: () => Promise<void>) {
  for (let i = 0; i < 20; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(N / 2)]!, p95: samples[Math.floor(N * 0.95)]! };
}

const base = await time(() => direct('read_results', read));
const perStep = await run(N);
const load = execSync('uptime')
  .toString()
  .trim()
  .replace(/^.*load average: /, '');
console.log(`read_results (16 joints), ${N} steps; load average ${load}`);
console.log(`| path | per call |\n|---|---|`);
console.log(`| in process (baseline, median) | ${base.median.toFixed(2)} ms |`);
console.log(
  `| agent step: model → platform → bridge → client → stand-in → submitToolResult (mean) | ${perStep.toFixed(1)} ms |`,
);
await client.stop();
await adapter.close();
session.close();
await server.close(1_000);
await model.close();
rmSync(dir, { recursive: true, force: true });
