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
import { fmt } from './load.ts';
import { measureIdentical, printIdentical } from './identical.ts';
import { measureMix, PEERS, type MixReport } from './mix/run.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 9);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'identical,mix').split(','));
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,32,128').split(',').map(Number);
for (const part of PARTS) if (part !== 'identical' && part !== 'mix') throw new Error(`BENCH_PARTS: unknown part "${part}" (identical, mix)`);
if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got "${process.env.BENCH_SECONDS}"`);
if (CLIENTS.some((c) => !Number.isInteger(c) || c < 1)) throw new Error(`BENCH_CLIENTS must be positive integers, got "${process.env.BENCH_CLIENTS}"`);

function printMix(report: MixReport): void {
  console.log('realistic mix: ' + report.shapes.map((s) => `${s.name} ${s.weight}%`).join(', '));
  console.log('(eight keys of four accounts; ours and every peer over the same four subgraph processes; CPU: the gateway and the subgraph processes per request)');
  console.log(`answers that differed from ours on 60 reads: ${PEERS.map((p, i) => `${p.name} ${report.mismatches[i]}`).join(', ')}\n`);
  for (const cell of report.cells) {
    console.log(`mix, ${cell.clients} client${cell.clients > 1 ? 's' : ''}:`);
    console.log(`  ours                          ${fmt(cell.ours)}`);
    for (const [i, p] of PEERS.entries()) console.log(`  ${p.name.padEnd(30)}${fmt(cell.peers[i]!)}`);
    console.log(`  subgraphs alone (replayed)    ${fmt(cell.baseline, false)}  (baseline)`);
    for (const [i, p] of PEERS.entries()) {
      const peer = cell.peers[i]!;
      const ahead = cell.ours.rps > peer.rps && cell.ours.p99 <= peer.p99;
      const cpu = cell.ours.cpuMs && peer.cpuMs ? `; CPU per request ${(cell.ours.cpuMs / peer.cpuMs).toFixed(2)}×` : '';
      const own = cell.ours.firstCpuMs && peer.firstCpuMs ? ` (the gateway process alone ${(cell.ours.firstCpuMs / peer.firstCpuMs).toFixed(2)}×)` : '';
      console.log(`  ours ÷ ${p.name}: ${(cell.ours.rps / peer.rps).toFixed(2)}× requests/s, p99 ${cell.ours.p99.toFixed(1)} vs ${peer.p99.toFixed(1)} ms${cpu}${own}   ${ahead ? 'ahead' : 'NOT AHEAD'}`);
    }
    const cost = cell.baseline.rps / cell.ours.rps;
    console.log(`  ours vs the subgraphs alone: ${cost.toFixed(2)}× the time per request${cell.clients === 32 ? ` (target ≤ 2× at 32 clients)   ${cost <= 2 ? 'met' : 'MISSED'}` : ''}\n`);
  }
}

const load = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(' ');
const loadAtStart = os.loadavg();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-'));
try {
  const identical = PARTS.has('identical') ? await measureIdentical(fs.mkdtempSync(path.join(dataDir, 'identical-')), SECONDS) : null;
  const mix = PARTS.has('mix') ? await measureMix(fs.mkdtempSync(path.join(dataDir, 'mix-')), CLIENTS, SECONDS) : null;
  console.log(`\nbench/gateway — ${SECONDS} s per target and cell (median of 3 alternating rounds), Node ${process.version}, ${os.cpus().length} cores, load average at start ${load(loadAtStart)}, at end ${load(os.loadavg())}\n`);
  if (identical) printIdentical(identical);
  if (mix) printMix(mix);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
