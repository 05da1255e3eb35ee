// npm start: the whole platform in one process (or, under npm run start:cluster, one gateway replica).
import cluster from 'node:cluster';
import { loadConfig } from '../core/config.ts';
import { startServer } from './server.ts';
import { stopOnSignal } from './stop-on-signal.ts';

const config = loadConfig();
const server = await startServer(config);
const { platform } = server;

// A replica of the cluster (gateway/cluster.ts) says it is up in one line; the cluster prints the addresses and the first key.
if (cluster.isWorker)
  console.log(JSON.stringify({ msg: 'gateway replica listening', pid: process.pid, port: server.port }));
else {
  const base = platform.publicUrl();
  console.log(`
  GraphQL gateway   ${base}/graphql   (Apollo Sandbox in a browser${config.env === 'production' ? ' is off in production' : ''})
  Subscriptions     ws://${config.host}:${server.port}/graphql   (graphql-ws)
  REST              ${base}/v1/...  and  ${base}/blogs/...
  OpenAPI           ${base}/openapi.json
  Downloads         ${base}/files/...
  Memory service    ${server.memoryUrl}
  Data directory    ${config.dataDir}
`);
}

if (cluster.isPrimary && config.env === 'development' && (await platform.keys.count()) === 0) {
  const { secret } = await platform.keys.create({ name: 'first development key', tier: 'pro' });
  console.log(`  First API key (pro tier, shown once): ${secret}`);
  console.log(`  More keys:  npm run keys -- create --tier pro --name NAME\n`);
}

// A stray rejection is a bug to log, not a reason to drop every request in flight.
process.on('unhandledRejection', (err) => platform.log.error({ err }, 'unhandled rejection'));
stopOnSignal(platform.log, config.shutdownGraceMs, () => server.close(config.shutdownGraceMs));
