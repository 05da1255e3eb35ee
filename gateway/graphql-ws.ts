// graphql-ws on the gateway's HTTP server, with the edge's checks before graphql-ws reads what a
// caller sends (graphql-ws's makeServer bound to ws here, in place of its use/ws binding, so
// that a message can be refused before it is parsed). In order:
// - the upgrade: sockets open from one client address (HTTP 429 past WS_MAX_SOCKETS_PER_ADDRESS);
//   ws refuses a message over WS_MAX_MESSAGE_BYTES (close 1009);
// - every message: the socket's messages this minute, before graphql-ws parses it (close 4429
//   past WS_MAX_MESSAGES_PER_MINUTE);
// - connection_init, within WS_CONNECTION_INIT_TIMEOUT_MS (close 4408 otherwise): the key, from
//   the connection parameters or the upgrade's Authorization header; none valid closes the socket
//   with 4401 before any subscribe is read; then sockets under that key (close 4429 past
//   WS_MAX_SOCKETS_PER_KEY);
// - subscribe: the key again (a revocation since connection_init), one point of its budget, the
//   socket's open subscriptions, and only then parse and validation (edge/operation-limits.ts).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CloseCode,
  handleProtocols,
  makeServer,
  type ExecutionResult,
  type FormattedExecutionResult,
} from 'graphql-ws';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Platform } from '../core/platform.ts';
import type { Principal } from '../core/auth/keys.ts';
import { bearerToken } from '../core/auth/keys.ts';
import { AppError } from '../core/errors.ts';
import { LIMITS } from '../core/limits.ts';
import { buildContext, clientAddress } from '../edge/context.ts';
import { checkSubscription } from '../edge/operation-limits.ts';
import { openCounts, perMinute } from '../edge/socket-limits.ts';
import { formatErrorFor } from '../edge/format-error.ts';
import { unstorableInOperation } from '../edge/storable-text.ts';
import { subscribeByResponseKey } from './subscriptions.ts';
import type { PersistedDocuments } from './persisted-documents.ts';

/** graphql-ws's close code for "too many" (its TooManyInitialisationRequests): its client does not retry it. */
const TOO_MANY = 4429;
/** How often an idle socket is pinged; one that does not answer by the next ping is dropped (graphql-ws's use/ws does the same). */
const KEEP_ALIVE_MS = 12_000;

interface SocketExtra {
  socket: WebSocket;
  request: http.IncomingMessage;
  /** Set at connection_init. */
  principal?: Principal;
  authorization?: string;
}

export interface GraphqlWsOptions {
  platform: Platform;
  path: string;
  /** The subscription schema, once the gateway has loaded it (gateway/subscriptions.ts). */
  schema: () => GraphQLSchema;
  production: boolean;
  /** The persisted documents, when configured: a subscribe may name one by hash, and the mode may refuse free text. */
  persisted?: PersistedDocuments | null;
}

/** The credentials a socket presents: connection parameters first, the upgrade request's Authorization header otherwise. */
function credentials(params: Record<string, unknown> | undefined, request: http.IncomingMessage): string | undefined {
  const raw =
    params?.authorization ?? params?.Authorization ?? (params?.apiKey ? `Bearer ${params.apiKey}` : undefined);
  return typeof raw === 'string' ? raw : request.headers.authorization;
}

/** What goes back over the socket is formatted as over HTTP (edge/format-error.ts): no internal error's text, no suggestions in production. */
function formatting(format: ReturnType<typeof formatErrorFor>) {
  const each = (e: GraphQLError | GraphQLFormattedError) => format('toJSON' in e ? e.toJSON() : e, e);
  return {
    onNext: (
      _ctx: unknown,
      _id: string,
      _payload: unknown,
      _args: unknown,
      result: ExecutionResult | FormattedExecutionResult,
    ) => (result.errors ? { ...result, errors: result.errors.map(each) } : undefined),
    onError: (_ctx: unknown, _id: string, _payload: unknown, errors: readonly GraphQLError[]) => errors.map(each),
  };
}

export function serveGraphqlWs(httpServer: http.Server, options: GraphqlWsOptions): { dispose(): Promise<void> } {
  const { platform } = options;
  const log: Logger = platform.log.child({ part: 'graphql-ws' });
  const byAddress = openCounts(LIMITS.wsMaxSocketsPerAddress);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: LIMITS.wsMaxMessageBytes,
    handleProtocols: (protocols) => handleProtocols(protocols),
  });
  const server = makeServer<Record<string, unknown> | undefined, SocketExtra>({
    connectionInitWaitTimeout: LIMITS.wsConnectionInitTimeoutMs,
    subscribe: subscribeByResponseKey,
    ...formatting(formatErrorFor({ production: options.production, log })),
    onConnect: connectionInit(platform),
    onSubscribe: subscribeChecks(options),
  });

  const onUpgrade = (request: http.IncomingMessage, tcp: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://gateway').pathname !== options.path) return void tcp.destroy();
    const release = byAddress.take(clientAddress(request));
    if (!release) {
      tcp.end(
        `HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    // The TCP socket closes whatever happens to the handshake or the WebSocket.
    tcp.once('close', release);
    wss.handleUpgrade(request, tcp, head, (socket) => opened(server, log, socket, request));
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    async dispose() {
      httpServer.off('upgrade', onUpgrade);
      for (const socket of wss.clients) socket.close(1001, 'Going away');
      const allClosed = new Promise<void>((resolve) => wss.close(() => resolve()));
      // A client that does not answer the close within a second is cut (ws would wait 30 s for it).
      const cut = setTimeout(() => {
        for (const socket of wss.clients) socket.terminate();
      }, 1_000);
      await allClosed;
      clearTimeout(cut);
    },
  };
}

type WsServer = ReturnType<typeof makeServer<Record<string, unknown> | undefined, SocketExtra>>;
type WsServerOptions = Parameters<typeof makeServer<Record<string, unknown> | undefined, SocketExtra>>[0];

/** connection_init: a valid key, or the socket closes before any subscribe is read; then the key's share of sockets. */
function connectionInit(platform: Platform): NonNullable<WsServerOptions['onConnect']> {
  const byKey = openCounts(LIMITS.wsMaxSocketsPerKey);
  return async (ctx) => {
    const { socket, request } = ctx.extra;
    const authorization = credentials(ctx.connectionParams, request);
    const principal = await platform.keys.authenticate(bearerToken(authorization));
    if (!principal) {
      socket.close(
        CloseCode.Unauthorized,
        'UNAUTHORIZED: send {"authorization": "Bearer <key>"} as connection parameters',
      );
      return false;
    }
    const release = byKey.take(principal.budgetKeyId);
    if (!release) {
      socket.close(TOO_MANY, `Too many sockets for this API key: at most ${LIMITS.wsMaxSocketsPerKey} at once`);
      return false;
    }
    socket.once('close', release);
    Object.assign(ctx.extra, { principal, authorization });
    return true;
  };
}

/** subscribe: the checks that cost nothing to parse first (key, budget, the socket's subscriptions), then parse and validation. */
function subscribeChecks(options: GraphqlWsOptions): NonNullable<WsServerOptions['onSubscribe']> {
  const { platform } = options;
  return async (ctx, _id, payload) => {
    const { request, principal, authorization } = ctx.extra;
    const contextValue = await buildContext(platform, {
      authorization,
      requestId: String(request.headers['x-request-id'] ?? crypto.randomUUID()),
      address: clientAddress(request),
    });
    const query = options.persisted ? options.persisted.resolve(payload) : payload.query;
    if (query === null)
      return [new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })];
    try {
      options.persisted?.check({ query: payload.query || undefined });
      await admitSubscribe(platform, contextValue, principal, Object.keys(ctx.subscriptions).length);
    } catch (err) {
      if (err instanceof AppError) return [err.toGraphQLError()];
      throw err;
    }
    const checked = checkSubscription(options.schema(), query, payload.operationName, options.production);
    if ('errors' in checked) return checked.errors;
    const unstorable = unstorableInOperation(checked.document, payload.variables);
    if (unstorable) return [unstorable.toGraphQLError()];
    return {
      schema: options.schema(),
      document: checked.document,
      operationName: payload.operationName,
      variableValues: payload.variables,
      contextValue,
    };
  };
}

/** Throws the AppError that refuses a subscribe before its document is parsed: a revoked key, an exhausted budget, too many subscriptions. */
async function admitSubscribe(
  platform: Platform,
  contextValue: Awaited<ReturnType<typeof buildContext>>,
  principal: Principal | undefined,
  subscriptions: number,
): Promise<void> {
  if (!contextValue.principal || contextValue.principal.keyId !== principal?.keyId) {
    throw new AppError(
      'UNAUTHORIZED',
      'The key of this socket was revoked or has expired; connect again with a valid key',
    );
  }
  // One point of the key's budget for every subscribe, before the document is parsed: only
  // subscriptions are served here, and each costs one (edge/operation-limits.ts pointsFor).
  await platform.rateLimits.consume('api', contextValue);
  // graphql-ws has already put this one among the socket's subscriptions.
  if (subscriptions > LIMITS.wsMaxSubscriptionsPerSocket) {
    throw new AppError(
      'RATE_LIMITED',
      `At most ${LIMITS.wsMaxSubscriptionsPerSocket} subscriptions at once on one socket`,
      {
        retry_after_s: 1,
      },
    );
  }
}

/** An upgraded socket handed to graphql-ws, with its keep-alive and its message budget. */
function opened(server: WsServer, log: Logger, socket: WebSocket, request: http.IncomingMessage) {
  // ws reports a message over maxPayload (and other protocol errors) here, and closes the socket itself.
  socket.on('error', (err) => log.debug({ err }, 'socket error'));
  const keepAlive = keepingAlive(socket);
  const closed = server.opened(
    {
      protocol: socket.protocol,
      send: (data) =>
        new Promise<void>((resolve, reject) =>
          socket.readyState !== socket.OPEN ? resolve() : socket.send(data, (err) => (err ? reject(err) : resolve())),
        ),
      close: (code, reason) => socket.close(code, reason),
      onMessage: (handle) => readInTurns(socket, log, handle),
    },
    { socket, request },
  );
  socket.once('close', (code, reason) => {
    clearInterval(keepAlive);
    void closed(code, String(reason));
  });
}

/** Pings an idle socket; one that did not answer the last ping by the next is dropped. */
function keepingAlive(socket: WebSocket): NodeJS.Timeout {
  let answered = true;
  socket.on('pong', () => (answered = true));
  return setInterval(() => {
    if (!answered) return socket.terminate();
    answered = false;
    socket.ping();
  }, KEEP_ALIVE_MS);
}

/**
 * One message a turn of the event loop, in order: ws emits every frame of a read in one
 * turn, and graphql-ws parses a subscribe before its first await, so 300 messages of
 * 12.6 KB from one keyed socket were parsed in one turn (the fuzz's socket flood: 1.1 s).
 * The socket's messages this minute are counted before graphql-ws reads one.
 */
function readInTurns(socket: WebSocket, log: Logger, handle: (data: string) => Promise<void>): void {
  const messages = perMinute(LIMITS.wsMaxMessagesPerMinute);
  let turn = Promise.resolve();
  socket.on('message', (data) => {
    // A closing socket's remaining messages are not read.
    if (socket.readyState !== socket.OPEN) return;
    if (!messages.take())
      return socket.close(
        TOO_MANY,
        `Too many messages: at most ${LIMITS.wsMaxMessagesPerMinute} a minute on one socket`,
      );
    turn = turn.then(async () => {
      await nextTurn();
      if (socket.readyState !== socket.OPEN) return;
      try {
        await handle(String(data));
      } catch (err) {
        log.error({ err }, 'graphql-ws message failed');
        socket.close(CloseCode.InternalServerError, 'Internal server error');
      }
    });
  });
}
