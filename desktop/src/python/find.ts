// The Python the managed environment may use: installations found on PATH and, on Windows,
// in the per-user and machine-wide install folders. Found by file, not run (starting an
// unknown interpreter at every launch is not worth it). Downloading a fresh one needs a
// package source this build does not have: it answers that plainly.
import { access, readdir } from 'node:fs/promises';
import { constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export async function findPythons(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<string[]> {
  const names = platform === 'win32' ? ['python.exe', 'python3.exe'] : ['python3', 'python'];
  const dirs = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean);
  if (platform === 'win32') {
    for (const root of [env.LOCALAPPDATA && join(env.LOCALAPPDATA, 'Programs', 'Python'), env.ProgramFiles]) {
      if (!root) continue;
      const entries = await readdir(root).catch(() => [] as string[]);
      dirs.push(...entries.filter((e) => /^Python3\d+$/i.test(e)).map((e) => join(root, e)));
    }
  }
  const found: string[] = [];
  for (const dir of dirs.slice(0, 200)) {
    for (const name of names) {
      const file = join(dir, name);
      if (found.includes(file)) continue;
      if (
        await access(file, platform === 'win32' ? constants.F_OK : constants.X_OK).then(
          () => true,
          () => false,
        )
      )
        found.push(file);
    }
  }
  return found;
}

export class PythonDownloadUnavailable extends Error {
  constructor() {
    super(
      'Downloading a fresh Python is not available in this build (offline: no package source is configured). Pick a found installation instead.',
    );
  }
}
