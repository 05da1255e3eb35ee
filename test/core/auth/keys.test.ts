import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../core/db/client.ts';
import { bearerToken, createKeyStore, hashSecret } from '../../../core/auth/keys.ts';
import { tempDir } from '../../helpers/server.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: `file:${path.join(tempDir(), 'k.db')}` });
});
afterAll(() => db.$disconnect());

it('stores only the hash, authenticates, shares an account, and revokes', async () => {
  const keys = createKeyStore(db);
  const { secret, key } = await keys.create({ name: 'ci', tier: 'free' });
  const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
  expect(row.hash).toBe(hashSecret(secret));
  expect(JSON.stringify(row)).not.toContain(secret);
  expect(await keys.authenticate(secret)).toEqual({
    keyId: key.id,
    budgetKeyId: key.id,
    accountId: key.accountId,
    tier: 'free',
    admin: false,
  });
  const second = await keys.create({ name: 'ci admin', tier: 'enterprise', admin: true, accountId: key.accountId });
  expect((await keys.authenticate(second.secret))?.accountId).toBe(key.accountId);
  expect(await keys.authenticate('sk_unknown')).toBeNull();
  await keys.revoke(key.id);
  expect(await keys.authenticate(secret)).toBeNull();
  await expect(keys.create({ name: 'x', tier: 'gold' as never })).rejects.toThrow(/tier must be one of/);
});

it('reads only well-formed Bearer headers', () => {
  expect(bearerToken('Bearer sk_abc')).toBe('sk_abc');
  expect(bearerToken('bearer sk_abc ')).toBe('sk_abc');
  expect(bearerToken('Basic abc')).toBeNull();
  expect(bearerToken(undefined)).toBeNull();
});
