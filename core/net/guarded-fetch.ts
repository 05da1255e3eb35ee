// The one outbound HTTP client for URLs a caller gives us (calculation-
// document images today). Per hop: the host is resolved once, every address
// it resolves to must be public (./address-policy.ts), and the connection is
// made to the checked address itself (a lookup that answers it), so a DNS
// answer that changes between check and connect (rebinding) cannot redirect
// it; TLS still verifies the certificate for the host name. Redirects are
// followed by hand and each hop is checked like the first. Body size and
// total time are capped (core/limits.ts).
//
// Every failure — refused address, unresolvable host, closed port, timeout,
// HTTP error status, oversized body — is the same FetchRefused with the same
// message, so a caller cannot tell a closed port from an open one or map the
// network behind us. The reason is kept on the error for our logs only.
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { LIMITS } from '../limits.ts';
import { isPublicAddress } from './address-policy.ts';

export class FetchRefused extends Error {
  /** Why, for the server's logs; never shown to the caller. */
  readonly reason: string;
  constructor(reason: string) {
    super('the URL could not be fetched');
    this.name = 'FetchRefused';
    this.reason = reason;
  }
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export interface GuardedFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Name resolution; tests inject one (the system resolver otherwise). */
  resolve?: Resolver;
  /** Which addresses may be connected to; tests inject one to reach a local server (public addresses otherwise). */
  allow?: (ip: string) => boolean;
}

export interface FetchedBody {
  bytes: Buffer;
  contentType: string | null;
  /** The URL of the last hop. */
  url: string;
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The one address a hop connects to, after checking every address the host has. */
async function checkedAddress(
  url: URL,
  resolve: Resolver,
  allow: (ip: string) => boolean,
): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`scheme ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefused('credentials in the URL');
  // WHATWG URL parsing has already turned decimal, octal and hex IPv4 spellings into dotted form.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host).catch(() => []);
  if (!addresses.length) throw new FetchRefused(`${host} does not resolve`);
  const bad = addresses.find((a) => !allow(a.address));
  if (bad) throw new FetchRefused(`${host} resolves to a non-public address ${bad.address}`);
  return addresses[0]!;
}

/** What one request sends, and where the body goes when it is streamed (onChunk) rather than buffered. */
interface HopRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  onChunk?: (chunk: Buffer) => void;
}

function oneHop(
  url: URL,
  target: { address: string; family: number },
  maxBytes: number,
  signal: AbortSignal,
  request: HopRequest,
) {
  // Connect to the address checked above, whatever the resolver would say now.
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; location: string | null; contentType: string | null; bytes: Buffer }>(
    (resolve, reject) => {
      const req = client.request(
        url,
        { method: request.method, lookup: pinned, signal, headers: request.headers, agent: false },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            res.resume();
            resolve({ status, location: res.headers.location ?? null, contentType: null, bytes: Buffer.alloc(0) });
            return;
          }
          if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
            res.destroy();
            reject(new FetchRefused(`declared ${res.headers['content-length']} bytes`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              reject(new FetchRefused(`more than ${maxBytes} bytes`));
              return;
            }
            // A 2xx body streamed to onChunk is not kept; an error status's body is kept (bounded) for the log.
            if (request.onChunk && status >= 200 && status < 300) {
              try {
                request.onChunk(chunk);
              } catch (err) {
                // A consumer that cannot use the stream stops it; it must never throw inside the socket's handler.
                res.destroy();
                reject(err);
              }
            } else chunks.push(chunk);
          });
          res.on('error', (err) => reject(new FetchRefused(err.message)));
          res.on('end', () =>
            resolve({
              status,
              location: null,
              contentType: res.headers['content-type'] ?? null,
              bytes: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', (err) => reject(err instanceof FetchRefused ? err : new FetchRefused(err.message)));
      req.end(request.body);
    },
  );
}

/**
 * GETs a caller's URL under the policy above.
 * @example const { bytes } = await guardedFetch('https://example.com/beam.png', { maxBytes: 10 << 20 });
 */
export async function guardedFetch(href: string, options: GuardedFetchOptions = {}): Promise<FetchedBody> {
  return guardedRequest(href, { ...options, method: 'GET', headers: { accept: 'image/png, image/jpeg, */*;q=0.1' } });
}

export interface GuardedRequestOptions extends GuardedFetchOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Streams a 2xx body chunk by chunk as it arrives (server-sent events); `bytes` is then empty. */
  onChunk?: (chunk: Buffer) => void;
}

/**
 * Any request under the same policy: POST bodies, and responses streamed as they arrive.
 * A redirect is followed with a GET without the body, as browsers do for 301-303.
 * @example await guardedRequest(`${url}/chat/completions`, { method: 'POST', headers, body, onChunk, allow })
 */
export async function guardedRequest(href: string, options: GuardedRequestOptions): Promise<FetchedBody> {
  const maxBytes = options.maxBytes ?? LIMITS.fetchMaxBytes;
  const timeoutMs = options.timeoutMs ?? LIMITS.fetchTimeoutMs;
  const maxRedirects = options.maxRedirects ?? LIMITS.fetchMaxRedirects;
  const resolve = options.resolve ?? systemResolver;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new FetchRefused('not a URL');
  }
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const target = await checkedAddress(url, resolve, options.allow ?? isPublicAddress);
    if (signal.aborted) throw new FetchRefused('timed out');
    const res = await oneHop(
      url,
      target,
      maxBytes,
      signal,
      hop === 0 ? options : { method: 'GET', headers: options.headers, onChunk: options.onChunk },
    ).catch((err: unknown) => {
      // The request's own abort says only "aborted": the reason a caller logs is the time limit.
      if (timeout.aborted) throw new FetchRefused(`timed out after ${timeoutMs} ms`);
      throw err;
    });
    if (res.status >= 300 && res.status < 400) {
      if (!res.location) throw new FetchRefused(`HTTP ${res.status} without a location`);
      try {
        url = new URL(res.location, url);
      } catch {
        throw new FetchRefused('a malformed redirect');
      }
      continue;
    }
    if (res.status < 200 || res.status >= 300)
      throw new FetchRefused(`HTTP ${res.status}: ${res.bytes.subarray(0, 300).toString('utf8')}`);
    return { bytes: res.bytes, contentType: res.contentType, url: url.href };
  }
  throw new FetchRefused('too many redirects');
}
