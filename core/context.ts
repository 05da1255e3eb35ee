// The per-request context every subgraph resolver receives, whether the
// subgraph runs in the gateway's process or in its own.
import DataLoader from 'dataloader';
import type { Logger } from 'pino';
import type { Principal } from './auth/keys.ts';
import { AppError } from './errors.ts';
import type { Platform } from './platform.ts';

export interface RequestContext {
  platform: Platform;
  principal: Principal | null;
  requestId: string;
  /** Client address, for per-address limits on public routes. */
  address: string;
  /** Raw Authorization header, forwarded to subgraphs in other processes. */
  authorization?: string;
  log: Logger;
  /** Per-request DataLoaders, created on first use. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loaders of every key and value type share one map
  loaders: Map<string, DataLoader<any, any>>;
  /**
   * Set when the edge charged this request already or runs it for the server itself: the memory
   * service charges each request on arrival, and a subscription's re-reads were paid at subscribe.
   * The gateway's key and rate-limit checks pass such an operation through.
   */
  charged?: boolean;
  /**
   * Set when a request without a key spent one point of its address's public budget before its
   * body was read (edge/key-before-body.ts): its operation is not charged again.
   */
  paidBeforeParse?: boolean;
  /** Aborts (with REQUEST_CANCELLED) when the client gives up before its answer: synchronous work done only for it stops. */
  signal?: AbortSignal;
}

export function requirePrincipal(ctx: RequestContext): Principal {
  if (!ctx.principal)
    throw new AppError('UNAUTHORIZED', 'A valid API key is required: send Authorization: Bearer <key>');
  return ctx.principal;
}

/** One DataLoader per name and request, so list fields and entity references batch their reads. */
export function loader<K, V>(
  ctx: RequestContext,
  name: string,
  batch: (keys: readonly K[]) => Promise<(V | Error)[]>,
): DataLoader<K, V> {
  let l = ctx.loaders.get(name) as DataLoader<K, V> | undefined;
  if (!l) {
    l = new DataLoader<K, V>(batch);
    ctx.loaders.set(name, l);
  }
  return l;
}
