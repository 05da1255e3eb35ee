// npm run worker [-- <family> ...]: a job worker process of a scale-out deployment (REDIS_URL). It
// runs the jobs of the given families (a family is the subgraph that owns the job types; default:
// every family) from their BullMQ queues (core/jobs/queue.ts) and serves no HTTP. Start as many as
// the machine has room for; a worker that dies has its running jobs handed to another.
import { loadConfig } from '../core/config.ts';
import { createPlatform } from '../core/platform.ts';
import { SUBGRAPHS, deploymentOptions, jobFamilies, startSubgraph } from '../subgraphs/registry.ts';
import type { SubgraphName } from '../schema/compose.ts';
import { stopOnSignal } from './stop-on-signal.ts';

const config = { ...loadConfig(), runJobs: true };
const families = jobFamilies();
const known = [...new Set(families.values())];
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((f) => !known.includes(f));
if (!config.redisUrl || unknown.length) {
  console.error(
    (config.redisUrl
      ? `unknown job family: ${unknown.join(', ')}\n`
      : 'npm run worker needs REDIS_URL (redis://127.0.0.1:6379): the workers take their jobs from its queues.\n') +
      `usage: REDIS_URL=redis://… npm run worker -- [${known.join('|')} ...]   (default: every family)`,
  );
  process.exit(2);
}
const working = asked.length ? asked : known;
const types = [...families].filter(([, family]) => working.includes(family)).map(([type]) => type);

const platform = await createPlatform(config, { ...deploymentOptions(), runJobTypes: types });
// What the families' modules set up for their jobs (the code catalogue, sweepers, memory's pending groups).
for (const name of working) await startSubgraph(SUBGRAPHS[name as SubgraphName], platform);
console.log(JSON.stringify({ msg: 'worker ready', families: working, pid: process.pid }));

process.on('unhandledRejection', (err) => platform.log.error({ err }, 'unhandled rejection'));
// Running jobs get the grace period, then go back to their queue.
stopOnSignal(platform.log, config.shutdownGraceMs, () => platform.close(config.shutdownGraceMs));
