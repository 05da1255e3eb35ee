// npm run bench:gateway:profile — where the gateway's time goes on the realistic mix: for each
// operation shape, the CPU per request of our gateway process and of the subgraph processes, and
// the answer's size, one client at a time. GATEWAY_CPU_PROF=<file> also writes a V8 CPU profile of
// the gateway over the same requests, taken through the inspector (opened with SIGUSR1) for exactly
// that window, without start-up and seeding (open it in Chrome DevTools or speedscope).
// PROFILE_BASELINE=<dir>[,<dir>…] (checkouts of other commits with their node_modules, e.g. made by
// `git archive main | tar -x -C <dir>`) also starts each tree's gateway over the same subgraph
// processes, sends it the same requests in alternating rounds, and prints its CPU per request and
// ours ÷ the first: a change against the code before it (or each step of a series against the
// last), measured in the same run on the same loaded machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createHttpPoster } from '../../gateway/http-post.ts';
import { cpuSeconds, READY, serve, type Served } from './processes.ts';
import { seedFixture } from './mix/fixture.ts';
import { drawRequest, seeded, SHAPES, type MixRequest } from './mix/shapes.ts';

const PER_SHAPE = Number(process.env.PROFILE_REQUESTS ?? 300);
const SUBGRAPHS = ['content', 'documents', 'drawings', 'memory'];
const profFile = process.env.GATEWAY_CPU_PROF;
const baselineRoots = (process.env.PROFILE_BASELINE ?? '')
  .split(',')
  .filter(Boolean)
  .map((d) => path.resolve(d));
/** Rounds each gateway gets per shape, alternating, so a change in the machine's load falls on both. */
const ROUNDS = 3;

/** Starts V8's sampling profiler in another process through its inspector; the answer stops it and returns the profile. */
async function profile(pid: number): Promise<() => Promise<unknown>> {
  process.kill(pid, 'SIGUSR1');
  let targets: { webSocketDebuggerUrl: string }[] = [];
  for (let i = 0; i < 50 && !targets.length; i++) {
    await new Promise((r) => setTimeout(r, 100));
    targets = await fetch('http://127.0.0.1:9229/json/list').then(
      (r) => r.json() as Promise<typeof targets>,
      () => [],
    );
  }
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((r) => ws.once('open', r));
  let id = 0;
  const call = (method: string, params = {}) =>
    new Promise<any>((resolve) => {
      const mine = ++id;
      const on = (data: WebSocket.RawData) => {
        const msg = JSON.parse(String(data));
        if (msg.id === mine) {
          ws.off('message', on);
          resolve(msg.result);
        }
      };
      ws.on('message', on);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 200 });
  await call('Profiler.start');
  return async () => {
    const { profile } = await call('Profiler.stop');
    ws.close();
    return profile;
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-profile-'));
const stops: Served[] = [];
try {
  const subgraphs: Served[] = [];
  for (const name of SUBGRAPHS)
    stops.push(
      subgraphs[
        subgraphs.push(
          await serve('gateway/subgraph-server.ts', [name], { DATA_DIR: dataDir, PORT: '0' }, READY.subgraph),
        ) - 1
      ]!,
    );
  const remote = SUBGRAPHS.map((n, i) => `${n}=${subgraphs[i]!.url}`).join(',');
  const env = { DATA_DIR: dataDir, PORT: '0', MEMORY_PORT: '0', REMOTE_SUBGRAPHS: remote };
  const ours = await serve('gateway/main.ts', [], env, READY.gateway);
  stops.push(ours);
  const gateways = [ours];
  for (const root of baselineRoots) {
    const other = await serve('gateway/main.ts', [], env, READY.gateway, root);
    stops.push(other);
    gateways.push(other);
  }
  const names = ['ours', ...baselineRoots.map((r) => path.basename(r))];
  const fixture = await seedFixture(ours.url, `file:${path.join(dataDir, 'platform.db')}`);
  const poster = createHttpPoster();
  const send = (url: string, r: MixRequest) =>
    poster.post(url, { 'content-type': 'application/json', authorization: `Bearer ${r.key}` }, r.body, {
      idempotent: false,
    });
  const subgraphCpu = () => subgraphs.reduce((t, s) => t + cpuSeconds(s.pid)!, 0);
  const rng = seeded(5);
  const stopProfile = profFile ? await profile(ours.pid) : null;
  console.log(
    `per shape, ${PER_SHAPE} requests each at 1 client${baselineRoots.length ? `, to ours and to ${baselineRoots.join(', ')} in ${ROUNDS} alternating rounds` : ''} (load average ${os.loadavg()[0]!.toFixed(1)}):`,
  );
  console.log(
    `gateway CPU ms per request: ${names.join(', ')}${baselineRoots.length ? `; ours ÷ ${names[1]}` : ''}; then the subgraphs' CPU ms per request and the answer's bytes`,
  );
  const weighted = gateways.map(() => 0);
  const row = (label: string, ms: number[], rest = '') =>
    console.log(
      label.padEnd(40) +
        ms.map((m) => m.toFixed(2).padStart(8)).join('') +
        (ms.length > 1 ? `${(ms[0]! / ms[1]!).toFixed(2).padStart(8)}×` : '') +
        rest,
    );
  for (const shape of SHAPES) {
    const requests: MixRequest[] = [];
    while (requests.length < PER_SHAPE) {
      const r = drawRequest(rng, fixture);
      if (r.shape === shape.name) requests.push(r);
    }
    for (const g of gateways) for (const r of requests.slice(0, 20)) await send(g.url, r);
    const cpu = gateways.map(() => 0);
    let sub = 0;
    let bytes = 0;
    const per = Math.ceil(requests.length / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      const part = requests.slice(round * per, (round + 1) * per);
      for (const [i, g] of gateways.entries()) {
        const g0 = cpuSeconds(g.pid)!;
        const s0 = subgraphCpu();
        for (const r of part) {
          const length = (await send(g.url, r)).body.length;
          if (i === 0) bytes += length;
        }
        cpu[i] += cpuSeconds(g.pid)! - g0;
        if (i === 0) sub += subgraphCpu() - s0;
      }
    }
    const ms = cpu.map((c) => (c * 1000) / requests.length);
    ms.forEach((m, i) => (weighted[i]! += shape.weight * m));
    row(
      shape.name,
      ms,
      `${((sub * 1000) / requests.length).toFixed(2).padStart(10)}${(bytes / requests.length).toFixed(0).padStart(8)}`,
    );
  }
  const total = SHAPES.reduce((t, x) => t + x.weight, 0);
  row(
    'the mix, weighted',
    weighted.map((w) => w / total),
  );
  console.log(`load average at the end ${os.loadavg()[0]!.toFixed(1)}`);
  poster.close();
  if (stopProfile) {
    fs.writeFileSync(profFile!, JSON.stringify(await stopProfile()));
    console.log(`CPU profile of the gateway over these requests: ${profFile}`);
  }
} finally {
  for (const s of stops.reverse()) await s.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
