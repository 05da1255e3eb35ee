// Starts the whole platform in one process: the gateway (GraphQL over HTTP
// and WebSocket), the REST compatibility layer, downloads, and the memory
// service on its own port. Subgraphs run in-process unless configured remote.
import type http from 'node:http';
import express, { type ErrorRequestHandler, type Request } from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginLandingPageLocalDefault,
  ApolloServerPluginLandingPageProductionDefault,
} from '@apollo/server/plugin/landingPage/default';
import { ApolloGateway } from '@apollo/gateway';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import type { Config } from '../core/config.ts';
import { createPlatform, type Platform } from '../core/platform.ts';
import type { RequestContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { SUBGRAPHS, buildSchema, deploymentOptions, startSubgraph } from '../subgraphs/registry.ts';
import type { SubgraphModule } from '../subgraphs/module.ts';
import { composeSupergraph } from '../schema/compose.ts';
import { ForwardingDataSource, InProcessDataSource } from './data-sources.ts';
import { buildContext, clientAddress, clientGone } from '../edge/context.ts';
import { requestId } from '../edge/request-id.ts';
import { PAID_BEFORE_BODY, authenticatedOf, keyBeforeBody, largeBody } from '../edge/key-before-body.ts';
import { LIMITS } from '../core/limits.ts';
import { createHttpServer, listen } from '../core/net/http-server.ts';
import { rateLimitPlugin } from '../edge/rate-limit.ts';
import { LIMIT_RULES, PARSE_OPTIONS } from '../edge/operation-limits.ts';
import { formatErrorFor } from '../edge/format-error.ts';
import { buildSubscriptionSchema } from './subscriptions.ts';
import { serveGraphqlWs } from './graphql-ws.ts';
import { subscriptionsOverHttpPlugin } from './plugins/subscriptions-over-http.ts';
import { publicResponseCachePlugin } from './plugins/public-response-cache.ts';
import { requireKeyPlugin } from '../edge/require-key.ts';
import { storableTextPlugin } from '../edge/storable-text.ts';
import { bodyParserError, sendError } from '../edge/render-error.ts';
import { ROUTES } from '../rest-compat/table.ts';
import { restRouter } from '../rest-compat/router.ts';
import { viewerRouter } from './viewer/router.ts';
import { openApiDocument } from '../rest-compat/openapi.ts';
import { OAUTH_OPENAPI_PATHS } from './oauth-openapi.ts';
import { memoryApp } from '../rest-compat/memory-service.ts';
import { downloadsRouter } from './downloads.ts';
import { oauthRouter } from './oauth.ts';
import { DESKTOP_RELEASE_OPENAPI_PATHS, desktopReleaseRouter } from './desktop-release.ts';
import { persistedDocuments, readPersistedDocuments } from './persisted-documents.ts';
import { persistedDocumentsOnly } from '../edge/persisted-documents.ts';
import { graphqlHttp, isMultipart } from './graphql-http.ts';

process.env.APOLLO_TELEMETRY_DISABLED ??= '1';

export interface RunningServer {
  platform: Platform;
  url: string;
  memoryUrl: string;
  port: number;
  memoryPort: number;
  close(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  onQuery?: (sql: string) => void;
  /** Apollo Server plugins added after the platform's own (tests observe the request pipeline with them). */
  plugins?: ApolloServerPlugin<RequestContext>[];
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const { platform, served } = await startLocalSubgraphs(config, options);
  const gateway = new ApolloGateway({
    supergraphSdl: composeSupergraph(),
    buildService: ({ name }) =>
      config.remoteSubgraphs[name]
        ? new ForwardingDataSource({ url: config.remoteSubgraphs[name], refusedWaitMs: config.subgraphRefusedWaitMs })
        : new InProcessDataSource(buildSchema(served.get(name)!)),
  });

  const app = express();
  app.disable('x-powered-by');
  // Routes that are cacheable set their own ETag; hashing every other body is waste.
  app.set('etag', false);
  const httpServer = createHttpServer(app);

  const persisted = config.persistedDocumentsFile
    ? persistedDocuments(
        readPersistedDocuments(config.persistedDocumentsFile),
        config.persistedDocumentsMode,
        new InMemoryLRUCache<string>(),
      )
    : null;
  // Parsed and validated documents by hash, shared by every request (Apollo's default, made explicit
  // so that the persisted documents can be put in it when the schema loads).
  const documentStore = new InMemoryLRUCache<DocumentNode>();
  const apollo = createApollo(config, platform, { gateway, documentStore, httpServer, persisted }, options);

  let subscriptionSchema: GraphQLSchema | null = null;
  gateway.onSchemaLoadOrUpdate(({ apiSchema }) => {
    subscriptionSchema = buildSubscriptionSchema(apiSchema, apollo, [...served.values()]);
    if (persisted) {
      const ready = persisted.prewarm(apiSchema, documentStore, LIMIT_RULES, PARSE_OPTIONS);
      platform.log.info({ documents: ready, mode: persisted.mode }, 'persisted documents parsed and validated');
    }
  });
  await apollo.start();
  mountRoutes(app, config, platform, apollo, persisted);

  // graphql-ws: the key at connection_init and the socket limits before anything is parsed (graphql-ws.ts).
  const wsServer = serveGraphqlWs(httpServer, {
    platform,
    path: '/graphql',
    schema: () => subscriptionSchema!,
    production: config.env === 'production',
    persisted,
  });

  const port = await listen(httpServer, config.gatewayPort, config.host);
  // With an ephemeral port (tests) links must name the port actually bound.
  if (config.gatewayPort === 0) platform.bindPublicUrl(`http://${config.host}:${port}`);
  const memoryServer = createHttpServer(memoryApp(platform, apollo));
  const memoryPort = await listen(memoryServer, config.memoryPort, config.host);

  let closing: Promise<void> | null = null;
  return {
    platform,
    url: `http://${config.host}:${port}`,
    memoryUrl: `http://${config.host}:${memoryPort}`,
    port,
    memoryPort,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        await wsServer.dispose();
        // The memory service, like the gateway's drain: requests in flight get graceMs, then their
        // connections are cut (one that never finishes its body held the process up forever).
        const memoryClosed = new Promise<void>((r) => memoryServer.close(() => r()));
        memoryServer.closeIdleConnections();
        const cut = setTimeout(() => memoryServer.closeAllConnections(), graceMs);
        await memoryClosed;
        clearTimeout(cut);
        // Stop taking requests and jobs together: running jobs get graceMs, then are released.
        await Promise.all([apollo.stop(), platform.runner.stop(graceMs)]);
        await platform.close(graceMs);
      })();
      return closing;
    },
  };
}

/** The platform, and the subgraphs this process serves started on it; a remote subgraph's process runs its own. */
async function startLocalSubgraphs(
  config: Config,
  options: StartOptions,
): Promise<{ platform: Platform; served: Map<string, SubgraphModule> }> {
  for (const module of Object.values(SUBGRAPHS)) {
    if (module.runsInGateway && module.name in config.remoteSubgraphs)
      throw new Error(
        `REMOTE_SUBGRAPHS: the ${module.name} subgraph must run in the gateway's process: ${module.runsInGateway}`,
      );
  }
  // This process runs the job types of the subgraphs it serves; a remote subgraph's process runs its own.
  const local = Object.values(SUBGRAPHS).filter((m) => !(m.name in config.remoteSubgraphs));
  const runJobTypes = local.flatMap((m) => m.jobHandlers.map((h) => h.type));
  const platform = await createPlatform(config, { ...deploymentOptions(), runJobTypes, onQuery: options.onQuery });
  const served = new Map<string, SubgraphModule>();
  for (const module of local) served.set(module.name, await startSubgraph(module, platform));
  return { platform, served };
}

/** Apollo Server over the gateway, with the edge's plugins, limits and error formatting. */
function createApollo(
  config: Config,
  platform: Platform,
  parts: {
    gateway: ApolloGateway;
    documentStore: InMemoryLRUCache<DocumentNode>;
    httpServer: http.Server;
    persisted: ReturnType<typeof persistedDocuments> | null;
  },
  options: StartOptions,
): ApolloServer<RequestContext> {
  const { gateway, documentStore, httpServer, persisted } = parts;
  return new ApolloServer<RequestContext>({
    gateway,
    documentStore,
    // The process's own stop (gateway/stop-on-signal.ts) handles SIGTERM and SIGINT and calls
    // apollo.stop() in its order. Apollo's handlers (on unless NODE_ENV=test) would start a second
    // stop on the same signal, and an apollo.stop() called while another is draining waits on a
    // barrier Apollo 5 resolves only on failure: the process hung until the backstop (exit 1).
    stopOnTerminationSignals: false,
    ...(persisted ? { persistedQueries: { cache: persisted.cache } } : {}),
    plugins: [
      // Requests in flight get the shutdown grace period, then their connections are cut.
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.shutdownGraceMs }),
      subscriptionsOverHttpPlugin(),
      requireKeyPlugin(),
      rateLimitPlugin(),
      storableTextPlugin(),
      ...(config.publicCacheSeconds > 0 ? [publicResponseCachePlugin(config.publicCacheSeconds)] : []),
      config.env === 'production'
        ? ApolloServerPluginLandingPageProductionDefault()
        : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
      ...(options.plugins ?? []),
    ],
    introspection: config.env !== 'production',
    // No "Did you mean …" in production: suggestions would list fields to a caller probing without
    // introspection. Apollo's option covers validation; formatErrorFor the errors about variable values.
    hideSchemaDetailsFromClientErrors: config.env === 'production',
    includeStacktraceInErrorResponses: false,
    parseOptions: PARSE_OPTIONS,
    validationRules: [...LIMIT_RULES],
    // No internal error's text in an answer, the limits' codes, no suggestions in production.
    formatError: formatErrorFor({ production: config.env === 'production', log: platform.log }),
  });
}

/** The HTTP routes in their order: downloads, OAuth, releases, the viewer, OpenAPI, /graphql, REST, then 404 and the error handler. */
function mountRoutes(
  app: express.Express,
  config: Config,
  platform: Platform,
  apollo: ApolloServer<RequestContext>,
  persisted: ReturnType<typeof persistedDocuments> | null,
): void {
  const context = (req: Request) =>
    buildContext(platform, {
      authorization: req.get('authorization'),
      requestId: req.requestId,
      address: clientAddress(req),
      signal: clientGone(req.res!),
      paidBeforeParse: (req as unknown as Record<symbol, boolean | undefined>)[PAID_BEFORE_BODY],
      principal: authenticatedOf(req),
    });

  const uploads = graphqlUploadExpress({ maxFileSize: config.uploadLimitBytes, maxFiles: 5 });
  const keyedJson = express.json({ limit: config.jsonLimitBytes });
  const anonymousJson = express.json({ limit: Math.min(LIMITS.anonymousBodyBytes, config.jsonLimitBytes) });
  app.use(requestId(platform.log));
  app.use('/files', downloadsRouter(platform));
  app.use('/oauth', oauthRouter(platform));
  app.use('/desktop', desktopReleaseRouter(platform));
  app.use('/projects', viewerRouter(platform, apollo));
  let openApi: string | null = null;
  app.get('/openapi.json', (_req, res) => {
    openApi ??= JSON.stringify(
      openApiDocument(ROUTES, platform.publicUrl(), {
        extraPaths: { ...OAUTH_OPENAPI_PATHS, ...DESKTOP_RELEASE_OPENAPI_PATHS },
      }),
    );
    res.type('json').send(openApi);
  });
  app.use(
    '/graphql',
    keyBeforeBody(platform, { keyRequired: false }),
    // Only a multipart body carries files: the upload middleware's own content-type check is type-is's full parse.
    (req, res, next) => (isMultipart(req) ? uploads(req, res, next) : next()),
    // Without a key the body is small (checked above from Content-Length; this caps one that lied).
    (req, res, next) => (largeBody(req.headers) ? keyedJson : anonymousJson)(req, res, next),
    ...(persisted && persisted.mode !== 'accept' ? [persistedDocumentsOnly(persisted)] : []),
    graphqlHttp(apollo, (req) => context(req)),
  );
  app.use(restRouter(ROUTES, apollo, context, config.jsonLimitBytes, keyBeforeBody(platform, { keyRequired: true })));
  app.use((req, res) => {
    sendError(res, new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
  });
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const known = bodyParserError(err, config.jsonLimitBytes);
    if (!known) platform.log.error({ err, reqId: req.requestId }, 'unhandled error');
    sendError(res, known ?? err);
  };
  app.use(onError);
}
