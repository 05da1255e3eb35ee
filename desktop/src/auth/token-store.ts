// Where the sign-in's tokens are kept: the OS keychain (Windows Credential Manager, macOS
// Keychain, the Secret Service on Linux, through @napi-rs/keyring) when it answers, else a
// file in the app's data folder readable by its owner only (0600, in a 0700 folder). The
// keychain is probed with a round trip at start, because on a Linux machine without a
// running Secret Service the library loads but every call fails.
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { assetFile, clientVersion, packaged } from '../runtime/packaged.ts';
import { join } from 'node:path';
import { z } from 'zod';

export const TokenSet = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().min(1).max(8192),
  /** When the access token expires (ISO 8601). */
  expires_at: z.iso.datetime(),
  account_id: z.string().min(1).max(256).optional(),
});
export type TokenSet = z.infer<typeof TokenSet>;

export interface TokenStore {
  readonly kind: 'keychain' | 'file';
  load(): Promise<TokenSet | null>;
  save(tokens: TokenSet): Promise<void>;
  /** Logout: forget the tokens. */
  clear(): Promise<void>;
}

/** The part of a keychain the store needs; @napi-rs/keyring's Entry gives it. */
export interface Keychain {
  get(account: string): string | null;
  set(account: string, secret: string): void;
  delete(account: string): void;
}

export const KEYCHAIN_SERVICE = 'structural-platform-desktop';
const ACCOUNT = 'tokens';
export const TOKEN_FILE = 'tokens.json';

/** The system keychain through @napi-rs/keyring, or null when the library cannot load. */
export function systemKeychain(service = KEYCHAIN_SERVICE): Keychain | null {
  let Entry: new (
    service: string,
    account: string,
  ) => { getPassword(): string | null | undefined; setPassword(p: string): void; deletePassword(): boolean | void };
  try {
    // Packaged, the addon is an asset of the executable, loaded from a file of this version.
    if (packaged) {
      const addon = { exports: {} as { Entry: typeof Entry } };
      process.dlopen(addon, assetFile('keyring.node', 'keyring.node', clientVersion()));
      ({ Entry } = addon.exports);
    } else ({ Entry } = createRequire(import.meta.url)('@napi-rs/keyring'));
  } catch {
    return null;
  }
  return {
    get: (account) => new Entry(service, account).getPassword() ?? null,
    set: (account, secret) => new Entry(service, account).setPassword(secret),
    delete: (account) => {
      new Entry(service, account).deletePassword();
    },
  };
}

export class KeychainTokenStore implements TokenStore {
  readonly kind = 'keychain' as const;
  private readonly keychain: Keychain;
  constructor(keychain: Keychain) {
    this.keychain = keychain;
  }
  async load(): Promise<TokenSet | null> {
    const raw = this.keychain.get(ACCOUNT);
    return raw ? parseTokens(raw) : null;
  }
  async save(tokens: TokenSet): Promise<void> {
    this.keychain.set(ACCOUNT, JSON.stringify(TokenSet.parse(tokens)));
  }
  async clear(): Promise<void> {
    try {
      this.keychain.delete(ACCOUNT);
    } catch {
      // Nothing stored: already signed out.
    }
  }
}

export class FileTokenStore implements TokenStore {
  readonly kind = 'file' as const;
  readonly file: string;
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = dataDir;
    this.file = join(dataDir, TOKEN_FILE);
  }
  async load(): Promise<TokenSet | null> {
    const info = await stat(this.file).catch(() => null);
    if (!info?.isFile() || info.size > 64 * 1024) return null;
    // A token file others can read may have been exposed: tighten it now (the next sign-in replaces the tokens anyway).
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) await chmod(this.file, 0o600);
    return parseTokens(await readFile(this.file, 'utf8'));
  }
  async save(tokens: TokenSet): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    // Created 0600 so the secret is never readable by others, not even between write and chmod.
    await writeFile(tmp, JSON.stringify(TokenSet.parse(tokens)), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, this.file);
  }
  async clear(): Promise<void> {
    await rm(this.file, { force: true });
  }
}

function parseTokens(raw: string): TokenSet | null {
  try {
    const parsed = TokenSet.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The keychain when a probe round trip works, else the owner-only file. */
export function openTokenStore(dataDir: string, keychain: Keychain | null = systemKeychain()): TokenStore {
  if (keychain) {
    try {
      const probe = `probe-${process.pid}`;
      keychain.set(probe, 'ok');
      const ok = keychain.get(probe) === 'ok';
      keychain.delete(probe);
      if (ok) return new KeychainTokenStore(keychain);
    } catch {
      // No usable keychain (for example no Secret Service on this Linux session).
    }
  }
  return new FileTokenStore(dataDir);
}
