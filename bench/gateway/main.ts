// npm run bench — the gateway's speed, in two parts (BENCH_PARTS, default both):
//   identical  every request of a cell the same document and variables (./identical.ts): REST over
//              GraphQL, the gateway against the lone subgraph, ours against Hive Gateway;
//   mix        the realistic mix (./mix/): eight operation shapes with variables drawn per request,
//              under eight keys of four accounts, at 1, 32 and 128 clients (BENCH_CLIENTS), through
//              ours and each peer over the same four subgraph processes, beside the subgraphs alone.
// BENCH_SECONDS (default 9) is each target's measured time per cell, in 3 alternating rounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, type Figures } from './load.ts';
import { measureIdentical, printIdentical } from './identical.ts';
import { measureMix, PEERS, type MixReport } from './mix/run.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 9);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'identical,mix').split(','));
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,32,128').split(',').map(Number);
for (const part of PARTS)
  if (part !== 'identical' && part !== 'mix') throw new Error(`BENCH_PARTS: unknown part "${part}" (identical, mix)`);
if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got "${process.env.BENCH_SECONDS}"`);
if (CLIENTS.some((c) => !Number.isInteger(c) || c < 1))
  throw new Error(`BENCH_CLIENTS must be positive integers, got "${process.env.BENCH_CLIENTS}"`);

/** One line: our figures over a peer's, and whether ours is ahead on both requests/s and p99. */
function compare(label: string, ours: Figures, name: string, peer: Figures): void {
  const ahead = ours.rps > peer.rps && ours.p99 <= peer.p99;
  const cpu = ours.cpuMs && peer.cpuMs ? `; CPU per request ${(ours.cpuMs / peer.cpuMs).toFixed(2)}×` : '';
  const own =
    ours.firstCpuMs && peer.firstCpuMs
      ? ` (the gateway process alone ${(ours.firstCpuMs / peer.firstCpuMs).toFixed(2)}×)`
      : '';
  console.log(
    `  ${label} ÷ ${name}: ${(ours.rps / peer.rps).toFixed(2)}× requests/s, p99 ${ours.p99.toFixed(1)} vs ${peer.p99.toFixed(1)} ms${cpu}${own}   ${ahead ? 'ahead' : 'NOT AHEAD'}`,
  );
}

function printMix(report: MixReport): void {
  console.log('realistic mix: ' + report.shapes.map((s) => `${s.name} ${s.weight}%`).join(', '));
  console.log(
    '(eight keys of four accounts; ours and every peer over the same four subgraph processes; CPU: the gateway and the subgraph processes per request)',
  );
  console.log(
    `answers that differed from ours on 60 reads: ${PEERS.map((p, i) => `${p.name} ${report.mismatches[i]}`).join(', ')}\n`,
  );
  for (const cell of report.cells) {
    console.log(`mix, ${cell.clients} client${cell.clients > 1 ? 's' : ''}:`);
    console.log(`  ours                          ${fmt(cell.ours)}`);
    console.log(`  ours, public cache off        ${fmt(cell.oursUncached)}`);
    for (const [i, p] of PEERS.entries()) console.log(`  ${p.name.padEnd(30)}${fmt(cell.peers[i]!)}`);
    console.log(`  subgraphs alone (replayed)    ${fmt(cell.baseline, false)}  (baseline)`);
    for (const [i, p] of PEERS.entries()) {
      compare('ours', cell.ours, p.name, cell.peers[i]!);
      compare('ours, cache off,', cell.oursUncached, p.name, cell.peers[i]!);
    }
    const cost = cell.baseline.rps / cell.ours.rps;
    console.log(
      `  ours vs the subgraphs alone: ${cost.toFixed(2)}× the time per request${cell.clients === 32 ? ` (target ≤ 2× at 32 clients)   ${cost <= 2 ? 'met' : 'MISSED'}` : ''}\n`,
    );
  }
}

const load = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' ');
const loadAtStart = os.loadavg();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-'));
try {
  const identical = PARTS.has('identical')
    ? await measureIdentical(fs.mkdtempSync(path.join(dataDir, 'identical-')), SECONDS)
    : null;
  const mix = PARTS.has('mix') ? await measureMix(fs.mkdtempSync(path.join(dataDir, 'mix-')), CLIENTS, SECONDS) : null;
  console.log(
    `\nbench/gateway — ${SECONDS} s per target and cell (median of 3 alternating rounds), Node ${process.version}, ${os.cpus().length} cores, load average at start ${load(loadAtStart)}, at end ${load(os.loadavg())}\n`,
  );
  if (identical) printIdentical(identical);
  if (mix) printMix(mix);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
