// The peer gateway for bench/gateway.ts: Hive Gateway (The Guild) serving a
// supergraph file over the subgraph processes named in it. Run as its own
// process, like ours; it forwards the caller's Authorization header, as ours does.
//   node bench/peer/hive-gateway.ts <supergraph.graphql>   (PORT, default 0)
// HIVE_RUNTIME=router plans with Hive Router's Rust query planner (@graphql-hive/router-runtime, a
// native addon shipped inside its npm package) and its purpose-built executor, instead of the default
// JavaScript stitching runtime: The Guild's fastest gateway that installs from npm.
import http from 'node:http';
import { createGatewayRuntime } from '@graphql-hive/gateway';
import { unifiedGraphHandler } from '@graphql-hive/router-runtime';

const supergraph = process.argv[2];
if (!supergraph) {
  console.error('usage: node bench/peer/hive-gateway.ts <supergraph.graphql>');
  process.exit(2);
}
// HIVE_DEDUPE=0 turns off Hive Gateway's default sharing of identical in-flight subgraph
// requests (ours shares them too, for reads): the comparison where every request costs the
// subgraphs one execution.
const dedupe = process.env.HIVE_DEDUPE !== '0';
const gateway = createGatewayRuntime({
  supergraph,
  transportEntries: { '*.http': { options: { deduplicateInflightRequests: dedupe } } },
  // Logging off on both sides of the comparison would flatter neither; ours logs
  // each request at info to /dev/null, Hive Gateway's default logs only warnings.
  logging: 'warn',
  ...(process.env.HIVE_RUNTIME === 'router' ? { unifiedGraphHandler } : {}),
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') }),
  },
});
const server = http.createServer(gateway);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as import('node:net').AddressInfo;
  console.log(JSON.stringify({ msg: 'hive gateway listening', url: `http://127.0.0.1:${port}/graphql` }));
});
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    void gateway.dispose();
    server.close(() => process.exit(0));
  });
