// Grants and their tokens: issued for a code or a device's approval, rotated on refresh (a
// rotated-away refresh token presented again revokes the whole grant), revoked (RFC 7009).
import { createHash, randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, hashSecret } from '../keys.ts';
import { OAuthError, PKCE_TEXT, REFRESH_PREFIX, token, type OAuthState, type Tokens } from './state.ts';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Ends a grant: its access and refresh tokens stop working at once. */
export async function revokeGrant(s: OAuthState, grantId: string): Promise<void> {
  await s.db.oAuthGrant.updateMany({ where: { id: grantId, revokedAt: null }, data: { revokedAt: new Date(s.now()) } });
  s.keys.forget();
}

/** New tokens: a new grant, or the grant `rotate` names, whose refresh token `rotate.from` is retired. */
export async function issue(
  s: OAuthState,
  keyId: string,
  clientId: string,
  rotate?: { grantId: string; from: string },
): Promise<Tokens> {
  const { db, now, options } = s;
  const access = token(ACCESS_TOKEN_PREFIX);
  const refresh = token(REFRESH_PREFIX);
  const data = {
    accessHash: hashSecret(access),
    accessExpiresAt: new Date(now() + options.accessTtlS * 1000),
    refreshHash: hashSecret(refresh),
    refreshExpiresAt: new Date(now() + options.refreshTtlS * 1000),
  };
  if (rotate) {
    // Only from the refresh token the grant holds now: of two refreshes with one token, the second is a reuse.
    const rotated = await db.$transaction(async (tx) => {
      const { count } = await tx.oAuthGrant.updateMany({
        where: { id: rotate.grantId, refreshHash: rotate.from, revokedAt: null },
        data,
      });
      if (count === 1)
        await tx.oAuthRetiredRefresh.create({
          data: { hash: rotate.from, grantId: rotate.grantId, retiredAt: new Date(now()) },
        });
      return count === 1;
    });
    if (!rotated) {
      await revokeGrant(s, rotate.grantId);
      throw new OAuthError('invalid_grant', 'refresh_token: already used; the grant is revoked, sign in again');
    }
  } else {
    await db.oAuthGrant.create({ data: { id: randomUUID(), keyId, clientId, ...data } });
  }
  s.keys.forget();
  return { access_token: access, token_type: 'Bearer', expires_in: options.accessTtlS, refresh_token: refresh };
}

/** grant_type=authorization_code: the code good once, for the same redirect_uri, with the PKCE verifier. */
export async function codeGrant(s: OAuthState, clientId: string, body: Record<string, unknown>): Promise<Tokens> {
  const code = typeof body.code === 'string' ? s.codes.get(body.code) : undefined;
  if (typeof body.code === 'string') s.codes.delete(body.code);
  if (!code || !s.live(code.createdAt) || code.clientId !== clientId)
    throw new OAuthError('invalid_grant', 'code: unknown, used or expired');
  if (body.redirect_uri !== code.redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri: must be the one the authorization used');
  if (
    typeof body.code_verifier !== 'string' ||
    !PKCE_TEXT.test(body.code_verifier) ||
    s256(body.code_verifier) !== code.challenge
  ) {
    throw new OAuthError('invalid_grant', 'code_verifier: does not match the code_challenge');
  }
  return issue(s, code.keyId, clientId);
}

/** grant_type=refresh_token: both tokens rotated; a retired refresh token revokes its grant. */
export async function refreshGrant(s: OAuthState, clientId: string, body: Record<string, unknown>): Promise<Tokens> {
  const { db } = s;
  const presented = typeof body.refresh_token === 'string' ? body.refresh_token : '';
  const hash = presented ? hashSecret(presented) : '';
  const grant = hash ? await db.oAuthGrant.findUnique({ where: { refreshHash: hash }, include: { key: true } }) : null;
  if (!grant) {
    const retired = hash ? await db.oAuthRetiredRefresh.findUnique({ where: { hash } }) : null;
    if (retired) {
      await revokeGrant(s, retired.grantId);
      throw new OAuthError('invalid_grant', 'refresh_token: already used; the grant is revoked, sign in again');
    }
  }
  if (
    !grant ||
    grant.clientId !== clientId ||
    grant.revokedAt ||
    grant.key.revokedAt ||
    grant.refreshExpiresAt.getTime() <= s.now()
  ) {
    throw new OAuthError('invalid_grant', 'refresh_token: unknown, revoked or expired');
  }
  return issue(s, grant.keyId, clientId, { grantId: grant.id, from: hash });
}

/** POST /oauth/revoke (RFC 7009): ends the grant of an access or refresh token; unknown tokens are no error. */
export async function revoke(s: OAuthState, presented: string): Promise<void> {
  if (!presented) return;
  const hash = hashSecret(presented);
  await s.db.oAuthGrant.updateMany({
    where: { OR: [{ accessHash: hash }, { refreshHash: hash }], revokedAt: null },
    data: { revokedAt: new Date(s.now()) },
  });
  s.keys.forget();
}

/** Forgets rotated-away refresh tokens older than a refresh token lives: they would be refused as expired anyway. */
export async function sweepRetired(s: OAuthState, at: Date): Promise<number> {
  const { count } = await s.db.oAuthRetiredRefresh.deleteMany({
    where: { retiredAt: { lt: new Date(at.getTime() - s.options.refreshTtlS * 1000) } },
  });
  return count;
}
