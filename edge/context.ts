import type { IncomingMessage } from 'node:http';
import { bearerToken } from '../core/auth/keys.ts';
import type { RequestContext } from '../core/context.ts';
import type { Platform } from '../core/platform.ts';

export interface ContextInput {
  authorization?: string;
  requestId: string;
  address: string;
}

export async function buildContext(platform: Platform, input: ContextInput): Promise<RequestContext> {
  return {
    platform,
    principal: await platform.keys.authenticate(bearerToken(input.authorization)),
    requestId: input.requestId,
    address: input.address,
    authorization: input.authorization,
    log: platform.log.child({ reqId: input.requestId }),
    loaders: new Map(),
  };
}

export const clientAddress = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';
