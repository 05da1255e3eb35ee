// The real detection host on Windows: the file system through node:fs, the registry through
// `reg.exe query` (present on every Windows since XP; no native module to build). Only used
// on Windows: the parser is tested here on recorded output, the process calls only there.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import type { DetectionHost, RegistryReader } from './detect.ts';

/** reg.exe answers quickly; a registry that does not answer in this time counts as absent. */
const REG_TIMEOUT_MS = 10_000;
const REG_MAX_OUTPUT = 8 * 1024 * 1024;

export interface RegQueryOutput {
  values: Record<string, string>;
  subkeys: string[];
}

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
  return key
    .replace(/^HKLM\\/i, 'HKEY_LOCAL_MACHINE\\')
    .replace(/^HKCU\\/i, 'HKEY_CURRENT_USER\\')
    .replace(/^HKCR\\/i, 'HKEY_CLASSES_ROOT\\');
}

function reg(args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      'reg.exe',
      ['query', ...args],
      { timeout: REG_TIMEOUT_MS, maxBuffer: REG_MAX_OUTPUT, windowsHide: true },
      (err, stdout) => resolve(err ? null : stdout),
    );
  });
}

/**
 * Parses `reg query KEY /s` output (every key below KEY with its values) into one entry per
 * key, by lower-cased full path: the values (the default one left out, as in parseRegQuery)
 * and the direct subkeys' names.
 */
export function parseRegTree(key: string, output: string): Map<string, RegQueryOutput> {
  const tree = new Map<string, RegQueryOutput>();
  let current: RegQueryOutput | null = null;
  for (const line of output.split(/\r?\n/)) {
    const v = /^ {4}(.*?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    if (v) {
      if (current && !/^\(.*\)$/.test(v[1]!)) current.values[v[1]!] = v[3] ?? '';
      continue;
    }
    if (!/^HKEY_/i.test(line)) continue;
    const path = line.trim().toLowerCase();
    current = tree.get(path) ?? { values: {}, subkeys: [] };
    tree.set(path, current);
    const cut = path.lastIndexOf('\\');
    tree.get(path.slice(0, cut))?.subkeys.push(line.trim().slice(cut + 1));
  }
  if (!tree.has(expandHive(key).toLowerCase())) tree.set(expandHive(key).toLowerCase(), { values: {}, subkeys: [] });
  return tree;
}

/**
 * The registry through reg.exe, for one detection pass. Every reg.exe is a process start
 * (tens of milliseconds on Windows, a second under Wine on a busy machine), so a key whose
 * subkeys are listed is read once with all it holds (`/s`) and its subkeys' values are answered
 * from that read: three processes for the uninstall entries instead of two per installed
 * program; a COM registration is one `/ve` read. Other keys are read with their default value in
 * parallel; every answer is kept for the pass (detection of the three programs shares them).
 */
export function regExeReader(): RegistryReader {
  const trees = new Map<string, Promise<Map<string, RegQueryOutput>>>();
  const single = new Map<string, Promise<Record<string, string> | null>>();
  const fromTrees = async (key: string) => {
    const path = expandHive(key).toLowerCase();
    for (const [root, tree] of trees) if (path.startsWith(root + '\\')) return (await tree).get(path) ?? null;
    return undefined;
  };
  const tree = (key: string) => {
    const root = expandHive(key).toLowerCase();
    if (!trees.has(root))
      trees.set(
        root,
        reg([key, '/s']).then((out) => (out === null ? new Map() : parseRegTree(key, out))),
      );
    return trees.get(root)!;
  };
  return {
    async subkeys(key) {
      return (await tree(key)).get(expandHive(key).toLowerCase())?.subkeys ?? [];
    },
    async values(key) {
      const cached = await fromTrees(key);
      if (cached !== undefined) return cached && { ...cached.values };
      const k = expandHive(key).toLowerCase();
      if (!single.has(k)) {
        single.set(
          k,
          Promise.all([reg([key]), reg([key, '/ve'])]).then(([out, def]) => {
            if (out === null) return null;
            const d = def === null ? undefined : parseDefaultValue(def);
            const { values } = parseRegQuery(key, out);
            return d === undefined ? values : { ...values, '': d };
          }),
        );
      }
      return single.get(k)!;
    },
    async defaultValue(key) {
      const out = await reg([key, '/ve']);
      return out === null ? undefined : parseDefaultValue(out);
    },
  };
}

export function windowsHost(): DetectionHost {
  if (process.platform !== 'win32') throw new Error('the Windows detection host runs only on Windows');
  return {
    env: (name) => process.env[name],
    listDir: (path) => readdir(path).catch(() => []),
    isFile: (path) =>
      stat(path).then(
        (s) => s.isFile(),
        () => false,
      ),
    registry: regExeReader(),
  };
}
