// The Windows program is one file: Node's single-executable application (SEA) with this client
// bundled in (build/windows/). What the client reads from disk in development — the UI's files,
// the libraries the page loads, the COM helper script, the analysis worker, the keychain addon —
// is then an asset inside the executable. This module answers from the assets when packaged and
// from the source tree otherwise; files another process or the OS must open (the PowerShell
// script, the native addon) are written once to a folder of this version.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

type Sea = { isSea(): boolean; getAsset(key: string): ArrayBuffer };
const sea: Sea | null = (() => {
  try {
    return createRequire(import.meta.url)('node:sea') as Sea;
  } catch {
    return null;
  }
})();

/** True inside the single executable. */
export const packaged = !!sea?.isSea();

/** An asset of the executable (build/windows/assets.ts names them). */
export function asset(key: string): Buffer {
  return Buffer.from(sea!.getAsset(key));
}

/** The asset as a file on disk (written once per version), for what must be opened by path. */
export function assetFile(key: string, name: string, version: string): string {
  const dir = join(process.env.LOCALAPPDATA ?? tmpdir(), 'Structural Platform', 'runtime', version);
  const file = join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, asset(key));
  }
  return file;
}

/** The client's version: the bundle's define when packaged, else desktop/package.json. */
export function clientVersion(): string {
  if (packaged) return asset('version').toString('utf8');
  return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
}
