import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken } from '../core/auth/keys.ts';
import type { Principal } from '../core/auth/keys.ts';
import type { RequestContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import type { Platform } from '../core/platform.ts';

export interface ContextInput {
  authorization?: string;
  requestId: string;
  address: string;
  signal?: AbortSignal;
  paidBeforeParse?: boolean;
  /** The key's principal when the edge has authenticated this request already (edge/key-before-body.ts). */
  principal?: Principal | null;
}

export async function buildContext(platform: Platform, input: ContextInput): Promise<RequestContext> {
  // The child logger is made when something logs for the request: in a gateway over remote
  // subgraphs most requests never do, and a pino child serialises its bindings when made.
  let log: RequestContext['log'] | undefined;
  return {
    platform,
    principal:
      input.principal !== undefined
        ? input.principal
        : await platform.keys.authenticate(bearerToken(input.authorization)),
    requestId: input.requestId,
    address: input.address,
    authorization: input.authorization,
    get log() {
      return (log ??= platform.log.child({ reqId: input.requestId }));
    },
    loaders: new Map(),
    signal: input.signal,
    paidBeforeParse: input.paidBeforeParse,
  };
}

/** Aborts when the connection closes before the response is complete: the client gave up. */
export function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished)
      controller.abort(new AppError('REQUEST_CANCELLED', 'The client closed the connection before the answer'));
  });
  return controller.signal;
}

export const clientAddress = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';
