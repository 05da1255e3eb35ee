// The real detection host on Windows: the file system through node:fs, the registry through
// `reg.exe query` (present on every Windows since XP; no native module to build). Only used
// on Windows: the parser is tested here on recorded output, the process calls only there.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import type { DetectionHost, RegistryReader } from './detect.ts';

/** reg.exe answers quickly; a registry that does not answer in this time counts as absent. */
const REG_TIMEOUT_MS = 10_000;
const REG_MAX_OUTPUT = 8 * 1024 * 1024;

export interface RegQueryOutput { values: Record<string, string>; subkeys: string[] }

/**
 * Parses `reg query KEY` output: value lines are indented "name    REG_TYPE    data" (four
 * spaces between fields), subkeys are full "HKEY_..." lines after the key's own line. The
 * default value's name is localised ("(Default)", "(Standard)", …): it is read with `/ve`
 * instead (see values()), so here a name in parentheses is skipped.
 */
export function parseRegQuery(key: string, output: string): RegQueryOutput {
  const values: Record<string, string> = {};
  const subkeys: string[] = [];
  const own = expandHive(key).toLowerCase();
  for (const line of output.split(/\r?\n/)) {
    const v = /^ {4}(.*?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    if (v) {
      if (!/^\(.*\)$/.test(v[1]!)) values[v[1]!] = v[3] ?? '';
      continue;
    }
    if (/^HKEY_/i.test(line) && line.trim().toLowerCase() !== own) subkeys.push(line.trim().split('\\').pop()!);
  }
  return { values, subkeys };
}

/** The default value from `reg query KEY /ve` output (the only value line). */
export function parseDefaultValue(output: string): string | undefined {
  for (const line of output.split(/\r?\n/)) {
    const v = /^ {4}.*? {4}REG_[A-Z_]+(?: {4}(.*))?$/.exec(line);
    if (v) return v[1] ?? '';
  }
  return undefined;
}

function expandHive(key: string): string {
  return key.replace(/^HKLM\\/i, 'HKEY_LOCAL_MACHINE\\').replace(/^HKCU\\/i, 'HKEY_CURRENT_USER\\').replace(/^HKCR\\/i, 'HKEY_CLASSES_ROOT\\');
}

function reg(args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('reg.exe', ['query', ...args], { timeout: REG_TIMEOUT_MS, maxBuffer: REG_MAX_OUTPUT, windowsHide: true }, (err, stdout) => resolve(err ? null : stdout));
  });
}

export const regExeReader: RegistryReader = {
  async subkeys(key) {
    const out = await reg([key]);
    return out === null ? [] : parseRegQuery(key, out).subkeys;
  },
  async values(key) {
    const out = await reg([key]);
    if (out === null) return null;
    const { values } = parseRegQuery(key, out);
    const def = await reg([key, '/ve']);
    const d = def === null ? undefined : parseDefaultValue(def);
    return d === undefined ? values : { ...values, '': d };
  },
};

export function windowsHost(): DetectionHost {
  if (process.platform !== 'win32') throw new Error('the Windows detection host runs only on Windows');
  return {
    env: (name) => process.env[name],
    listDir: (path) => readdir(path).catch(() => []),
    isFile: (path) => stat(path).then((s) => s.isFile(), () => false),
    registry: regExeReader,
  };
}
