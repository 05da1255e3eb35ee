// Authenticode signatures with osslsigncode (Debian). The certificate comes from configuration:
//   DESKTOP_SIGN_PFX, DESKTOP_SIGN_PFX_PASSWORD   a PKCS#12 file (the real code-signing certificate)
// Without it (CI, a developer's build) a test certificate is made for this build, valid one day:
// the files are signed the same way and verify against it, but Windows does not trust it.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

export interface Signer {
  kind: 'configured' | 'test';
  sign(file: string, description: string): void;
  verify(file: string): string;
}

const TIMESTAMP_NONE: string[] = [];

export function signer(dir: string): Signer {
  const pfx = process.env.DESKTOP_SIGN_PFX;
  let credentials: string[];
  let ca: string | null = null;
  if (pfx) {
    if (!existsSync(pfx)) throw new Error(`DESKTOP_SIGN_PFX: no file at ${pfx}`);
    credentials = [
      '-pkcs12',
      pfx,
      ...(process.env.DESKTOP_SIGN_PFX_PASSWORD ? ['-pass', process.env.DESKTOP_SIGN_PFX_PASSWORD] : []),
    ];
  } else {
    const key = join(dir, 'test-signing.key');
    const cert = join(dir, 'test-signing.pem');
    if (!existsSync(cert))
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:3072',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '1',
          '-subj',
          '/CN=Structural Platform TEST signing (not trusted)',
          '-addext',
          'extendedKeyUsage=codeSigning',
        ],
        { stdio: 'ignore' },
      );
    credentials = ['-certs', cert, '-key', key];
    ca = cert;
  }
  return {
    kind: pfx ? 'configured' : 'test',
    sign(file, description) {
      const out = `${file}.signed`;
      execFileSync(
        'osslsigncode',
        ['sign', ...credentials, '-n', description, '-h', 'sha256', ...TIMESTAMP_NONE, '-in', file, '-out', out],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      renameSync(out, file);
    },
    verify(file) {
      return execFileSync('osslsigncode', ['verify', ...(ca ? ['-CAfile', ca] : []), '-in', file], {
        encoding: 'utf8',
      });
    },
  };
}
