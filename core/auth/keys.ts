// API keys: the secret is shown once; only its SHA-256 is stored. A key
// belongs to an account and carries its tier.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { TIERS, type Tier } from '../config.ts';

export interface Principal {
  /** What authenticated: an API key's id, or `oauth:<grant>` for an access token. */
  keyId: string;
  /**
   * The API key whose budget this principal spends (rate limits, sockets): the key itself, or
   * for an OAuth access token the key that approved the grant, so that minting tokens from a
   * key never multiplies its budget.
   */
  budgetKeyId: string;
  accountId: string;
  tier: Tier;
  admin: boolean;
}

export interface KeySummary {
  id: string;
  accountId: string;
  name: string;
  tier: Tier;
  admin: boolean;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const KEY_PREFIX = 'sk_';
/** OAuth access tokens (core/auth/oauth.ts) are accepted wherever keys are; the prefix says which table to look in. */
export const ACCESS_TOKEN_PREFIX = 'at_';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export interface CreateKeyInput {
  name: string;
  tier: Tier;
  admin?: boolean;
  /** An existing account; a new account named after the key is made otherwise. */
  accountId?: string;
}

export interface KeyStore {
  create(input: CreateKeyInput): Promise<{ secret: string; key: KeySummary }>;
  authenticate(secret: string | undefined | null): Promise<Principal | null>;
  list(): Promise<KeySummary[]>;
  revoke(idOrPrefix: string): Promise<KeySummary>;
  count(): Promise<number>;
  /** Drops cached answers, so that a revocation elsewhere (an OAuth token) takes effect at once. */
  forget(): void;
  /** Of these accounts, those with at least one key not revoked. */
  activeAccounts(accountIds: readonly string[]): Promise<Set<string>>;
}

export function createKeyStore(db: Database): KeyStore {
  // Authentication runs on every request: cache hash → principal briefly so a
  // burst of requests costs one lookup; revocation takes effect within the TTL.
  const cache = new Map<string, { principal: Principal | null; until: number }>();
  const CACHE_MS = 5_000;

  const summary = (row: {
    id: string;
    accountId: string;
    name: string;
    tier: string;
    admin: boolean;
    prefix: string;
    createdAt: Date;
    revokedAt: Date | null;
  }): KeySummary => ({
    ...row,
    tier: row.tier as Tier,
  });

  return {
    async create(input) {
      if (!TIERS.includes(input.tier))
        throw new AppError('VALIDATION_ERROR', `tier must be one of ${TIERS.join(', ')}`);
      const name = input.name.trim();
      if (!name) throw new AppError('VALIDATION_ERROR', 'name must not be empty', { field: 'name' });
      const secret = KEY_PREFIX + randomBytes(24).toString('base64url');
      const accountId = input.accountId ?? randomUUID();
      if (input.accountId) {
        const exists = await db.account.findUnique({ where: { id: input.accountId } });
        if (!exists) throw new AppError('NOT_FOUND', `account ${input.accountId} does not exist`);
      } else {
        await db.account.create({ data: { id: accountId, name } });
      }
      const row = await db.apiKey.create({
        data: {
          id: randomUUID(),
          accountId,
          name,
          tier: input.tier,
          admin: input.admin ?? false,
          hash: hashSecret(secret),
          prefix: secret.slice(0, KEY_PREFIX.length + 6),
        },
      });
      return { secret, key: summary(row) };
    },

    async authenticate(secret) {
      if (!secret) return null;
      const hash = hashSecret(secret);
      const now = Date.now();
      const hit = cache.get(hash);
      if (hit && hit.until > now) return hit.principal;
      let principal: Principal | null = null;
      if (secret.startsWith(ACCESS_TOKEN_PREFIX)) {
        // A native app's OAuth access token (core/auth/oauth.ts): the account and tier of the key that approved it,
        // never admin, and that key's budget.
        const grant = await db.oAuthGrant.findUnique({ where: { accessHash: hash }, include: { key: true } });
        if (grant && !grant.revokedAt && !grant.key.revokedAt && grant.accessExpiresAt.getTime() > now) {
          principal = {
            keyId: `oauth:${grant.id}`,
            budgetKeyId: grant.keyId,
            accountId: grant.key.accountId,
            tier: grant.key.tier as Tier,
            admin: false,
          };
        }
      } else {
        const row = await db.apiKey.findUnique({ where: { hash } });
        if (row && !row.revokedAt)
          principal = {
            keyId: row.id,
            budgetKeyId: row.id,
            accountId: row.accountId,
            tier: row.tier as Tier,
            admin: row.admin,
          };
      }
      if (cache.size > 10_000) cache.clear();
      cache.set(hash, { principal, until: now + CACHE_MS });
      return principal;
    },

    async list() {
      return (await db.apiKey.findMany({ orderBy: { createdAt: 'asc' } })).map(summary);
    },

    async revoke(idOrPrefix) {
      const row = await db.apiKey.findFirst({ where: { OR: [{ id: idOrPrefix }, { prefix: idOrPrefix }] } });
      if (!row) throw new AppError('NOT_FOUND', `no key with id or prefix ${idOrPrefix}`);
      const updated = await db.apiKey.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
      cache.clear();
      return summary(updated);
    },

    count: () => db.apiKey.count(),
    forget: () => cache.clear(),

    async activeAccounts(accountIds) {
      const rows = await db.apiKey.findMany({
        where: { accountId: { in: [...accountIds] }, revokedAt: null },
        select: { accountId: true },
        distinct: ['accountId'],
      });
      return new Set(rows.map((r) => r.accountId));
    },
  };
}

/** "Bearer <key>" → key; anything else → null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
