// npm run subgraph -- <name>: one subgraph as its own HTTP server, for the
// multi-process deployment (point the gateway at it with REMOTE_SUBGRAPHS).
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { loadConfig } from '../core/config.ts';
import { createPlatform } from '../core/platform.ts';
import { createHttpServer, listen } from '../core/net/http-server.ts';
import type { RequestContext } from '../core/context.ts';
import { buildContext, clientAddress } from '../edge/context.ts';
import { requestId } from '../edge/request-id.ts';
import { rateLimitPlugin } from '../edge/rate-limit.ts';
import { SUBGRAPHS, buildSchema, deploymentOptions, startSubgraph } from '../subgraphs/registry.ts';
import { SUBGRAPH_NAMES, type SubgraphName } from '../schema/compose.ts';
import { stopOnSignal } from './stop-on-signal.ts';
import { graphqlHttp, isMultipart } from './graphql-http.ts';

process.env.APOLLO_TELEMETRY_DISABLED ??= '1';

const name = process.argv[2] as SubgraphName;
// Behind the gateway the gateway charges rate limits; a subgraph served alone
// (the benchmark's baseline) charges them itself.
const standalone = process.argv.includes('--standalone');
if (!SUBGRAPH_NAMES.includes(name)) {
  console.error(
    `usage: npm run subgraph -- <${SUBGRAPH_NAMES.join('|')}> [--standalone]  (PORT sets the port, default 4101)`,
  );
  process.exit(2);
}

const config = loadConfig({ ...process.env, PORT: process.env.PORT ?? '4101' });
const module = SUBGRAPHS[name];
// It runs its own job types and no other subgraph's.
const platform = await createPlatform(config, {
  ...deploymentOptions(),
  runJobTypes: module.jobHandlers.map((h) => h.type),
});
const served = await startSubgraph(module, platform);

const app = express();
const httpServer = createHttpServer(app);
const apollo = new ApolloServer<RequestContext>({
  schema: buildSchema(served),
  // Signals are stopOnSignal's (below), as in gateway/server.ts: Apollo's own handlers would race it.
  stopOnTerminationSignals: false,
  plugins: [
    ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.shutdownGraceMs }),
    ...(standalone ? [rateLimitPlugin()] : []),
  ],
});
await apollo.start();
app.use(requestId(platform.log));
const uploads = graphqlUploadExpress({ maxFileSize: config.uploadLimitBytes, maxFiles: 5 });
app.use(
  '/graphql',
  (req, res, next) => (isMultipart(req) ? uploads(req, res, next) : next()),
  express.json({ limit: config.jsonLimitBytes }),
  graphqlHttp(apollo, (req) =>
    buildContext(platform, {
      authorization: req.get('authorization'),
      requestId: req.requestId,
      address: clientAddress(req),
    }),
  ),
);
const port = await listen(httpServer, config.gatewayPort, config.host);
console.log(
  JSON.stringify({ msg: 'subgraph listening', subgraph: name, url: `http://${config.host}:${port}/graphql` }),
);

// A stray rejection is a bug to log, not a reason to drop every request in flight.
process.on('unhandledRejection', (err) => platform.log.error({ err }, 'unhandled rejection'));

stopOnSignal(platform.log, config.shutdownGraceMs, async () => {
  await apollo.stop();
  await platform.close(config.shutdownGraceMs);
});
