// npm run bench:security:findings — issue 29's attacks replayed against the platform, with the
// figures the issue gave beside what they do now. The server runs in a process of its own
// (fuzz/serve.ts, as the fuzz starts it); a worker thread here probes GET /healthcheck every 20 ms
// (its worst time is the freeze, stretched by a loaded machine), and the server reports the longest
// turn of its event loop in its own main-thread CPU time (fuzz/stalls.ts: what the same turn takes
// on an idle machine). Load averages are printed beside each figure. BENCH_FINDINGS=1,2,3,4,9 runs
// some only; BENCH_MEMORY_COUNTS (1,20,100) sets finding 3's message counts.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { LIMITS } from '../core/limits.ts';
import { sharedPackageMcdx } from '../fuzz/inputs.ts';
import { startFuzzServer } from '../fuzz/start.ts';
import { nestedFormPdf } from '../test/security/hostile-files.ts';

const only = process.env.BENCH_FINDINGS?.split(',');
const runs = (n: string) => !only || only.includes(n);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const server = await startFuzzServer({ ...process.env, FREE_RATE_PER_MIN: '1000000', PRO_RATE_PER_MIN: '1000000' });
const { target } = server;
const stall = server.stalls;

let probes: number[] = [];
const probe = new Worker(new URL('../fuzz/probe.ts', import.meta.url), {
  workerData: { url: `${target.memoryUrl}/healthcheck`, everyMs: 20 },
});
probe.on('message', (m: { ms: number } | 'stopped') => m !== 'stopped' && probes.push(m.ms));

/** Runs one attack; prints what it did, the worst probe and the longest loop turn while it ran. */
async function attack(label: string, issue: string, run: () => Promise<string>): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  await stall();
  probes = [];
  const t = performance.now();
  const outcome = await run();
  const ms = performance.now() - t;
  const s = await stall();
  const worst = Math.max(0, ...probes);
  console.log(
    `${label}\n  issue: ${issue}\n  now:   ${outcome}; ${(ms / 1000).toFixed(1)} s in all; worst /healthcheck ${worst.toFixed(0)} ms (${probes.length} probes); longest loop turn ${s.cpuMs.toFixed(0)} ms CPU (${s.wallMs.toFixed(0)} ms wall); load ${load()}`,
  );
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
async function job(
  path: string,
  body: unknown,
  key = target.key,
): Promise<{ status: number; job?: { status: string; error?: { code: string; message: string } } }> {
  const res = await fetch(`${target.url}${path}`, { method: 'POST', headers: bearer(key), body: JSON.stringify(body) });
  const accepted = (await res.json()) as { job_id?: string };
  if (res.status !== 202 || !accepted.job_id) return { status: res.status };
  for (;;) {
    const j = (await (await fetch(`${target.url}/v1/jobs/${accepted.job_id}`, { headers: bearer(key) })).json()) as {
      status: string;
      error?: { code: string; message: string };
    };
    if (j.status === 'completed' || j.status === 'failed') return { status: 202, job: j };
    await new Promise((r) => setTimeout(r, 100));
  }
}
const jobText = (r: Awaited<ReturnType<typeof job>>) =>
  r.job
    ? `202, job ${r.job.status}${r.job.error ? ` ${r.job.error.code} (${r.job.error.message.slice(0, 120)})` : ''}`
    : `${r.status}`;

if (runs('1')) {
  const issue: Record<number, string> = { 80: '0.7 s', 160: '3.0 s', 240: '7.1 s', 500: '31 s (probe timed out)' };
  for (const kb of [80, 160, 240, 500]) {
    await attack(
      `finding 1: source_file of ${kb} KB of newlines then "!" (POST /v1/calcdoc/jobs, read)`,
      `freeze ${issue[kb]}`,
      async () =>
        jobText(await job('/v1/calcdoc/jobs', { operation: 'read', source_file: `${'\n'.repeat(kb * 1000)}!` })),
    );
  }
}

if (runs('2')) {
  const subscribe = (i: number) =>
    JSON.stringify({
      id: String(i),
      type: 'subscribe',
      payload: { query: `subscription { jobUpdated(jobId: "${'x'.repeat(12_500)}") { status } }` },
    });
  const flood = (sockets: number) => async () => {
    const codes: number[] = [];
    let answered = 0;
    await Promise.all(
      Array.from(
        { length: sockets },
        () =>
          new Promise<void>((resolve) => {
            const ws = new WebSocket(`${target.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
            ws.on('open', () => {
              ws.send(JSON.stringify({ type: 'connection_init' }));
              for (let i = 0; i < 300 && ws.readyState === WebSocket.OPEN; i++) ws.send(subscribe(i));
            });
            ws.on('message', () => answered++);
            ws.on('close', (code) => {
              codes.push(code);
              resolve();
            });
            ws.on('error', () => undefined);
            setTimeout(() => ws.terminate(), 30_000);
          }),
      ),
    );
    return `sockets closed with ${[...new Set(codes)].join(', ')}; ${answered} messages answered`;
  };
  await attack('finding 2: one anonymous socket, 300 subscribes of 12.6 KB', 'freeze 18.2 s, RSS +487 MB', flood(1));
  await attack('finding 2: five such sockets', 'freeze 23.7 s and a probe timeout', flood(5));
  await attack(
    'finding 2: 1,000 anonymous sockets held without connection_init',
    'all 1,000 accepted and held',
    async () => {
      let refused = 0;
      let opened = 0;
      let longestMs = 0;
      let peak = 0;
      let live = 0;
      await Promise.all(
        Array.from(
          { length: 1000 },
          () =>
            new Promise<void>((resolve) => {
              const ws = new WebSocket(`${target.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
              let openedAt = 0;
              const kill = setTimeout(() => ws.terminate(), 60_000);
              ws.on('unexpected-response', (_req, res) => {
                refused += res.statusCode === 429 ? 1 : 0;
                clearTimeout(kill);
                ws.terminate();
                resolve();
              });
              ws.on('open', () => {
                openedAt = performance.now();
                opened++;
                peak = Math.max(peak, ++live);
              });
              ws.on('close', () => {
                if (openedAt) {
                  live--;
                  longestMs = Math.max(longestMs, performance.now() - openedAt);
                }
                clearTimeout(kill);
                resolve();
              });
              ws.on('error', () => undefined);
            }),
        ),
      );
      return `${refused} refused at the upgrade (429), ${opened} opened (at most ${peak} at once), each closed by the server at most ${(longestMs / 1000).toFixed(1)} s after it opened (WS_CONNECTION_INIT_TIMEOUT_MS ${LIMITS.wsConnectionInitTimeoutMs} ms)`;
    },
  );
}

if (runs('3')) {
  const sentence = (i: number) =>
    `Maria said beam B${i} at grid C-4 uses a W12x26 per AISC 360-16 and Kenji Sato checked it on sheet S-201. `;
  const nearCap = (i: number) =>
    sentence(i).repeat(Math.floor((LIMITS.memoryMaxMessageChars - 100) / sentence(i).length));
  const issue: Record<number, string> = { 1: '1.0 s', 20: '5.4 s', 100: '24.9 s' };
  const counts = (process.env.BENCH_MEMORY_COUNTS ?? '1,20,100').split(',').map(Number);
  for (const n of counts) {
    await attack(
      `finding 3: ${n} memory message(s) of ~99,900 characters (POST /messages, 5 a request), stored and processed`,
      `freeze ${issue[n] ?? '—'}`,
      async () => {
        const group = `near-cap-${n}`;
        const statuses = [];
        for (let i = 0; i < n; i += 5) {
          const messages = Array.from({ length: Math.min(5, n - i) }, (_, j) => ({
            content: nearCap(i + j),
            role_type: 'user',
            role: 'Maria',
            timestamp: '2026-03-01T10:00:00Z',
          }));
          statuses.push(
            (
              await fetch(`${target.memoryUrl}/messages`, {
                method: 'POST',
                headers: { 'x-api-key': target.key, 'content-type': 'application/json' },
                body: JSON.stringify({ group_id: group, messages }),
              })
            ).status,
          );
        }
        // Processed when the group's episodes are all read back (GET /episodes answers once stored).
        for (let tries = 0; tries < 3_000; tries++) {
          const res = await fetch(`${target.memoryUrl}/episodes/${group}?last_n=${n}`, {
            headers: { 'x-api-key': target.key },
          });
          const body = (await res.json()) as { episodes?: unknown[] };
          if ((body.episodes?.length ?? 0) >= n) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        return `POST statuses ${[...new Set(statuses)].join(',')}`;
      },
    );
  }
}

if (runs('4')) {
  const bomb = nestedFormPdf(9, 10, 'none', { inheritResources: true });
  const upload = async (file: Buffer, key: string) => {
    const form = new FormData();
    form.append('page', '1');
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'sheet.pdf');
    const t = performance.now();
    const res = await fetch(`${target.url}/v1/drawings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t };
  };
  await upload(nestedFormPdf(2, 2), target.freeKey);
  const alone = await upload(nestedFormPdf(2, 2), target.freeKey);
  await attack(
    `finding 4: Tier 1, four ${bomb.length}-byte nested-form bombs (inherited resources) at once, another account's upload beside them`,
    'a worker pinned 120 s; the other upload waited 129 s',
    async () => {
      const bombs = Array.from({ length: 4 }, () => upload(bomb, target.key));
      const other = await upload(nestedFormPdf(2, 2), target.freeKey);
      const b = await Promise.all(bombs);
      return `bombs ${[...new Set(b.map((x) => x.status))].join(',')} in ${Math.max(...b.map((x) => x.ms)).toFixed(0)} ms at most; other account's upload ${other.status} in ${other.ms.toFixed(0)} ms (alone, same run: ${alone.ms.toFixed(0)} ms)`;
    },
  );
}

if (runs('9')) {
  const file = sharedPackageMcdx({ regions: 40, packages: 40, innerEntries: 300 });
  await attack(
    `finding 9: .mcdx of ${(file.length / 1024).toFixed(0)} KB, 40 regions on one inner package of 300 shared 1 MB entries (read)`,
    'about 10 GB inflated, 20 s of worker time',
    async () => jobText(await job('/v1/calcdoc/jobs', { operation: 'read', source_file: file.toString('base64') })),
  );
}

probe.postMessage('stop');
await probe.terminate();
await server.stop();
