import { mkdtempSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileTokenStore, openTokenStore, type Keychain } from '../../src/auth/token-store.ts';

const tokens = { access_token: 'at-123', refresh_token: 'rt-456', expires_at: '2030-05-06T07:08:09.000Z' };

function memoryKeychain(): Keychain & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (a) => entries.get(a) ?? null,
    set: (a, s) => void entries.set(a, s),
    delete: (a) => void entries.delete(a),
  };
}

describe.skipIf(process.platform === 'win32')('token storage', () => {
  it('falls back to a file only its owner can read when the keychain does not answer', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'tokens-')), 'data');
    const failing: Keychain = {
      get: () => {
        throw new Error('no Secret Service');
      },
      set: () => {
        throw new Error('no Secret Service');
      },
      delete: () => {},
    };
    const store = openTokenStore(dir, failing);
    expect(store.kind).toBe('file');
    await store.save(tokens);
    const file = (store as FileTokenStore).file;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(await store.load()).toEqual(tokens);
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('uses the keychain when a round trip works, and leaves no probe behind', async () => {
    const keychain = memoryKeychain();
    const store = openTokenStore(mkdtempSync(join(tmpdir(), 'tokens-')), keychain);
    expect(store.kind).toBe('keychain');
    expect(keychain.entries.size).toBe(0);
    await store.save(tokens);
    expect([...keychain.entries.keys()]).toEqual(['tokens']);
    expect(await store.load()).toEqual(tokens);
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('tightens a token file others could read, and ignores a damaged one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokens-'));
    const store = new FileTokenStore(dir);
    writeFileSync(store.file, JSON.stringify(tokens));
    chmodSync(store.file, 0o644);
    expect(await store.load()).toEqual(tokens);
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    writeFileSync(store.file, '{"access_token": 1}');
    expect(await store.load()).toBeNull();
    await expect(store.save({ ...tokens, expires_at: 'tomorrow' })).rejects.toThrow();
  });
});
