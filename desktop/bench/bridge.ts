// The bridge's cost per tool call: a call from the platform's bridge (subgraphs/agents/bridge.ts)
// down the real graphql-ws link to this client, run on the stand-in, and its result back by
// submitToolResult over HTTP, against the same call dispatched to the adapter in process (the
// baseline, measured in the same run). Run: npm run bench:bridge -w desktop (BENCH_CALLS=200).
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseToolCall, type ToolName } from '@structural-platform/tool-schema';
import { loadConfig } from '../../core/config.ts';
import { startServer } from '../../gateway/server.ts';
import { agentServices } from '../../subgraphs/agents/service.ts';
import { dispatch } from '../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../src/adapters/standin/adapter.ts';
import { Session } from '../src/auth/session.ts';
import { BridgeClient } from '../src/bridge/client.ts';
import { Logger } from '../src/logs/logger.ts';
import { PlatformApi } from '../src/platform/api.ts';

const N = Number(process.env.BENCH_CALLS ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'bench-bridge-'));
const server = await startServer(loadConfig({ PORT: '0', MEMORY_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, NODE_ENV: 'development', PRO_RATE_PER_MIN: '100000', HEARTBEAT_RATE_PER_MIN: '100000' }));
const { secret, key } = await server.platform.keys.create({ name: 'bench', tier: 'pro' });
// An account key is accepted wherever an access token is: the session presents it as one.
const memory = { kind: 'file' as const, load: async () => ({ access_token: secret, refresh_token: 'unused', expires_at: new Date(Date.now() + 86_400_000).toISOString() }), save: async () => {}, clear: async () => {} };
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

const bridge = agentServices(server.platform).bridge;
const hooks = { onWaiting: () => {}, onDelivered: () => {} };
const valid = (tool: ToolName, args: unknown) => {
  const p = parseToolCall({ callId: 'x', program: 'sap2000', tool, args });
  if (!p.ok) throw new Error(p.error.message);
  return p.value.args;
};
const viaBridge = async (tool: ToolName, args: unknown) => {
  const out = await bridge.call(key.accountId, 'sap2000', tool, valid(tool, args), hooks);
  if (!out.ok) throw new Error(JSON.stringify(out));
};
const direct = async (tool: ToolName, args: unknown) => {
  const out = await dispatch(adapters, { callId: 'x', program: 'sap2000', tool, args });
  if (!out.ok) throw new Error(JSON.stringify(out));
};

const E = 210e9;
const setup: [ToolName, unknown][] = [
  ['new_model', { units: 'N_m_C', dimension: '2d', template: { kind: 'portal_frame', stories: 3, story_height: 3.5, bays: 3, bay_width: 6 }, default_section: 'COL' }],
  ['define_material', { name: 'S', e: E, poisson: 0.3 }],
  ['define_section', { name: 'COL', material: 'S', section: { shape: 'rectangle', depth: 0.4, width: 0.3 } }],
  ['assign_loads', { pattern: 'WIND', loads: [{ type: 'joint', joint: [0, 0, 10.5], force: [1e4, 0, 0] }] }],
  ['run_analysis', {}],
];
for (const [tool, args] of setup) await viaBridge(tool, args);
const read: [ToolName, unknown] = ['read_results', { case: 'WIND', kind: 'displacements' }];

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

const base = await time(() => direct(...read));
const through = await time(() => viaBridge(...read));
const load = execSync('uptime').toString().trim().replace(/.*load average: /, '');
console.log(`read_results (16 joints) over ${N} calls; load average ${load}`);
console.log(`| path | median | p95 |\n|---|---|---|`);
console.log(`| in process (baseline) | ${base.median.toFixed(2)} ms | ${base.p95.toFixed(2)} ms |`);
console.log(`| platform → bridge → client → stand-in → submitToolResult | ${through.median.toFixed(2)} ms | ${through.p95.toFixed(2)} ms |`);
console.log(`ratio (median): ${(through.median / base.median).toFixed(1)}×`);
await client.stop();
await adapter.close();
session.close();
await server.close(1_000);
rmSync(dir, { recursive: true, force: true });
