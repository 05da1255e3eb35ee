// npm run bench:gateway:profile — where the gateway's time goes on the realistic mix: for each
// operation shape, the CPU per request of our gateway process and of the subgraph processes, and
// the answer's size, one client at a time. GATEWAY_CPU_PROF=<file> also writes a V8 CPU profile of
// the gateway over the same requests, taken through the inspector (opened with SIGUSR1) for exactly
// that window, without start-up and seeding (open it in Chrome DevTools or speedscope).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createHttpPoster } from '../../gateway/http-post.ts';
import { cpuSeconds, READY, serve, type Served } from './processes.ts';
import { seedFixture } from './mix/fixture.ts';
import { drawRequest, seeded, SHAPES } from './mix/shapes.ts';

const PER_SHAPE = Number(process.env.PROFILE_REQUESTS ?? 300);
const SUBGRAPHS = ['content', 'documents', 'drawings', 'memory'];
const profFile = process.env.GATEWAY_CPU_PROF;

/** Starts V8's sampling profiler in another process through its inspector; the answer stops it and returns the profile. */
async function profile(pid: number): Promise<() => Promise<unknown>> {
  process.kill(pid, 'SIGUSR1');
  let targets: { webSocketDebuggerUrl: string }[] = [];
  for (let i = 0; i < 50 && !targets.length; i++) {
    await new Promise((r) => setTimeout(r, 100));
    targets = await fetch('http://127.0.0.1:9229/json/list').then((r) => r.json() as Promise<typeof targets>, () => []);
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
  for (const name of SUBGRAPHS) stops.push(subgraphs[subgraphs.push(await serve('gateway/subgraph-server.ts', [name], { DATA_DIR: dataDir, PORT: '0' }, READY.subgraph)) - 1]!);
  const remote = SUBGRAPHS.map((n, i) => `${n}=${subgraphs[i]!.url}`).join(',');
  const env = { DATA_DIR: dataDir, PORT: '0', MEMORY_PORT: '0', REMOTE_SUBGRAPHS: remote };
  const ours = await serve('gateway/main.ts', [], env, READY.gateway);
  stops.push(ours);
  const fixture = await seedFixture(ours.url, `file:${path.join(dataDir, 'platform.db')}`);
  const poster = createHttpPoster();
  const rng = seeded(5);
  const stopProfile = profFile ? await profile(ours.pid) : null;
  console.log(`per shape, ${PER_SHAPE} requests each at 1 client (load average ${os.loadavg()[0]!.toFixed(1)}):`);
  console.log('shape'.padEnd(40) + 'gateway CPU ms/req  subgraphs CPU ms/req  answer bytes');
  for (const shape of SHAPES) {
    const requests = [];
    while (requests.length < PER_SHAPE) {
      const r = drawRequest(rng, fixture);
      if (r.shape === shape.name) requests.push(r);
    }
    for (const r of requests.slice(0, 20)) await poster.post(ours.url, { 'content-type': 'application/json', authorization: `Bearer ${r.key}` }, r.body, { idempotent: false });
    const g0 = cpuSeconds(ours.pid)!;
    const s0 = subgraphs.reduce((t, s) => t + cpuSeconds(s.pid)!, 0);
    let bytes = 0;
    for (const r of requests) bytes += (await poster.post(ours.url, { 'content-type': 'application/json', authorization: `Bearer ${r.key}` }, r.body, { idempotent: false })).body.length;
    const g = ((cpuSeconds(ours.pid)! - g0) * 1000) / requests.length;
    const s = ((subgraphs.reduce((t, x) => t + cpuSeconds(x.pid)!, 0) - s0) * 1000) / requests.length;
    console.log(`${shape.name.padEnd(40)}${g.toFixed(2).padStart(18)}  ${s.toFixed(2).padStart(20)}  ${(bytes / requests.length).toFixed(0).padStart(12)}`);
  }
  poster.close();
  if (stopProfile) {
    fs.writeFileSync(profFile!, JSON.stringify(await stopProfile()));
    console.log(`CPU profile of the gateway over these requests: ${profFile}`);
  }
} finally {
  for (const s of stops.reverse()) await s.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
