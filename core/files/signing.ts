// Signed download URLs: /files/<id>/<name>?expires=<unix s>&sig=<hmac>.
// The signature covers the file id and the expiry; the name is cosmetic.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signature(secret: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${fileId}.${expires}`).digest('base64url');
}

export function signedPath(secret: string, fileId: string, downloadName: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `/files/${fileId}/${encodeURIComponent(downloadName)}?expires=${expires}&sig=${signature(secret, fileId, expires)}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export function checkSignature(
  secret: string,
  fileId: string,
  expiresRaw: unknown,
  sig: unknown,
  now = Date.now(),
): SignatureCheck {
  if (typeof expiresRaw !== 'string' || !/^\d{1,12}$/.test(expiresRaw) || typeof sig !== 'string') return 'invalid';
  const expires = Number(expiresRaw);
  const expected = Buffer.from(signature(secret, fileId, expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expires * 1000 <= now ? 'expired' : 'valid';
}
