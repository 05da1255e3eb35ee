// Viewer sessions: the API key typed once into the viewer stays on the server; the
// browser holds only a random session id in an HttpOnly, SameSite=Strict cookie, so no
// key is ever in a URL, a page or script-readable storage. Sessions live in this
// process (a cluster behind a load balancer needs sticky sessions for the viewer).
import { randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'sp_viewer';
/** A viewer session lasts a working day. */
export const SESSION_TTL_MS = 8 * 3600_000;
/** Sessions kept at once; the oldest is dropped past this (a flood of logins cannot grow memory). */
export const MAX_SESSIONS = 10_000;

export interface ViewerSessions {
  open(apiKey: string): string;
  keyOf(id: string | undefined): string | null;
  close(id: string | undefined): void;
}

export function viewerSessions(now: () => number = Date.now): ViewerSessions {
  const sessions = new Map<string, { key: string; expires: number }>();
  return {
    open(apiKey) {
      if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
      const id = randomBytes(32).toString('base64url');
      sessions.set(id, { key: apiKey, expires: now() + SESSION_TTL_MS });
      return id;
    },
    keyOf(id) {
      const s = id ? sessions.get(id) : undefined;
      if (!s) return null;
      if (s.expires < now()) return (sessions.delete(id!), null);
      return s.key;
    },
    close(id) {
      if (id) sessions.delete(id);
    },
  };
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
