// Authentication and the rate limit before a body is read: a request that will
// be refused is refused from its headers, so a large body costs nothing (the
// server answers, then drops whatever follows unread into memory).
//
// Rule: a route that needs a key (every REST route with a body) checks the key
// and its budget first. On /graphql, where public queries need no key, a body
// over LIMITS.anonymousBodyBytes (or of unknown length) needs a valid key with
// budget left; public and polling operations are far smaller than that. A keyed
// request's budget is only checked here, not spent: the operation is charged once
// it is known (edge/rate-limit.ts), by what it is. A request without a valid key
// spends one point of its address's public budget here, before its body is read
// or parsed: reading, parsing and validating cost the server the same whether the
// document turns out valid or not (issue 29, finding 6).
import type { RequestHandler } from 'express';
import { bearerToken, type Principal } from '../core/auth/keys.ts';
import { AppError } from '../core/errors.ts';
import { LIMITS } from '../core/limits.ts';
import type { Platform } from '../core/platform.ts';
import { clientAddress } from './context.ts';
import { sendError } from './render-error.ts';

/** Whether the body may be larger than what an anonymous request may send. */
export function largeBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  if (headers['transfer-encoding']) return true;
  const length = Number(headers['content-length'] ?? 0);
  return !Number.isFinite(length) || length > LIMITS.anonymousBodyBytes;
}

/** Set on a request whose public budget was spent before its body was read: edge/rate-limit.ts charges it nothing more. */
export const PAID_BEFORE_BODY = Symbol('paid before body');
/** The principal found here, so the request's context does not hash and look up the key a second time. */
export const AUTHENTICATED = Symbol('authenticated');

type Marked = Record<symbol, Principal | boolean | null | undefined>;

/** What keyBeforeBody found for the request: its principal (null without a valid key), or undefined when it did not run. */
export const authenticatedOf = (req: object): Principal | null | undefined =>
  (req as Marked)[AUTHENTICATED] as Principal | null | undefined;

export function keyBeforeBody(platform: Platform, options: { keyRequired: boolean }): RequestHandler {
  return async (req, res, next) => {
    try {
      const principal = await platform.keys.authenticate(bearerToken(req.get('authorization')));
      (req as unknown as Marked)[AUTHENTICATED] = principal;
      if (!principal && !options.keyRequired && !largeBody(req.headers)) {
        await platform.rateLimits.consume('public', { principal: null, address: clientAddress(req) });
        (req as unknown as Record<symbol, boolean>)[PAID_BEFORE_BODY] = true;
        return next();
      }
      if (principal && !options.keyRequired && !largeBody(req.headers)) return next();
      if (!principal) {
        throw new AppError(
          'UNAUTHORIZED',
          options.keyRequired
            ? 'A valid API key is required: send Authorization: Bearer <key>'
            : `A valid API key is required for a body over ${LIMITS.anonymousBodyBytes} bytes: send Authorization: Bearer <key>`,
        );
      }
      await platform.rateLimits.check('api', { principal, address: clientAddress(req) });
      next();
    } catch (err) {
      if (!(err instanceof AppError)) return next(err);
      sendError(res, err);
    }
  };
}
