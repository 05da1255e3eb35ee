// Why the link to the platform is down, in words an engineer can act on. The technical message
// (fetch's "fetch failed", a socket close code) stays in the log and behind "Details"; the
// reconnect banner shows this.
import { PlatformError } from './api.ts';

/** Node's error codes for a request that never got an answer, found on the error or its cause. */
function systemCode(err: unknown): string | null {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[A-Z_]+$/.test(e.code) && e.code !== 'OFFLINE') return e.code;
  }
  return null;
}

export function causeInWords(err: unknown, platformUrl: string): string {
  const host = (() => {
    try {
      return new URL(platformUrl).host;
    } catch {
      return 'the platform';
    }
  })();
  const code =
    (err instanceof PlatformError ? (err.details?.cause as string | undefined) : undefined) ?? systemCode(err);
  const message = (err as Error)?.message ?? '';
  if (code === 'ECONNREFUSED') return `The platform at ${host} is not accepting connections. It may be restarting.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `This computer cannot find ${host}. Check the internet connection.`;
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET')
    return 'The connection to the platform was cut.';
  if (code && /TIMEOUT|TIMEDOUT/.test(code)) return `The platform at ${host} did not answer in time.`;
  if (code && /CERT|SSL|TLS|VERIFY/.test(code))
    return `The platform's security certificate could not be checked. Ask your administrator.`;
  if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH') return 'This computer has no network connection.';
  if (err instanceof PlatformError && err.code === 'RATE_LIMITED')
    return 'The platform asked the app to slow down; it tries again shortly.';
  if (/answered 5\d\d/.test(message))
    return 'The platform had a problem and answered with an error. This usually passes in a moment.';
  if (/ended the connection|link closed/.test(message)) return 'The platform closed the connection.';
  return 'The connection to the platform dropped.';
}
