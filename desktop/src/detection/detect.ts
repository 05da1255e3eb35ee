// Finds the installed versions of each program, in the order the reference recommends:
// (1) version folders under %ProgramFiles% and %ProgramFiles(x86)%, (2) uninstall entries
// (DisplayName, DisplayVersion, InstallLocation), (3) COM registration (ProgID → CLSID →
// LocalServer32), which marks the version COM starts by default. Findings about the same
// folder are merged. The newest version whose executable exists is the default; the user's
// pick (a folder, kept in the settings) wins while it is still installed.
import { win32 } from 'node:path';
import type { Program } from '@structural-platform/tool-schema';
import { PROGRAM_CATALOGUE, UNINSTALL_KEYS, type ProgramCatalogueEntry } from './programs.ts';

/** Read-only view of the Windows registry (keys like "HKLM\\SOFTWARE\\..."). */
export interface RegistryReader {
  /** Names (last path segment) of the key's subkeys; [] when the key does not exist. */
  subkeys(key: string): Promise<string[]>;
  /** The key's named values as strings, and its default value under ""; null when the key does not exist. */
  values(key: string): Promise<Record<string, string> | null>;
  /** The key's default value alone (one reg.exe on Windows, not two); undefined when it has none. */
  defaultValue(key: string): Promise<string | undefined>;
}

/** What detection needs from the machine; tests give a fake one. */
export interface DetectionHost {
  env(name: string): string | undefined;
  /** Entry names of a folder; [] when it does not exist or cannot be read. */
  listDir(path: string): Promise<string[]>;
  isFile(path: string): Promise<boolean>;
  registry: RegistryReader;
}

export type DetectionSource = 'folder' | 'uninstall' | 'com';

export interface Installation {
  program: Program;
  /** The version as the installation states it: DisplayVersion when known, else the folder's number. */
  version: string;
  folder: string;
  exe: string;
  exeExists: boolean;
  /** The version COM starts when asked by ProgID (LocalServer32 points into this folder). */
  comRegistered: boolean;
  sources: DetectionSource[];
}

export interface ProgramDetection {
  program: Program;
  /** Newest first. */
  installations: Installation[];
  /** The one used: the user's pick if still installed, else the newest whose executable exists. */
  selected: Installation | null;
  /** Several usable versions: the program's settings tab shows a picker. */
  needsPicker: boolean;
}

const key = (folder: string) =>
  win32
    .normalize(folder)
    .replace(/(?<![\\/])[\\/]+$/, '')
    .toLowerCase();

/** Compares dotted versions numerically ("10.0.0.0" > "9.1", "24.1.0" > "24"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number),
    pb = b.split('.').map(Number);
  for (let k = 0; k < Math.max(pa.length, pb.length); k++) {
    const d = (pa[k] ?? 0) - (pb[k] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export async function detectProgram(
  host: DetectionHost,
  program: Program,
  preferredFolder?: string | null,
): Promise<ProgramDetection> {
  const entry = PROGRAM_CATALOGUE[program];
  const found = new Map<string, Installation>();
  const note = (folder: string, version: string, source: DetectionSource, statedVersion?: string) => {
    const k = key(folder);
    let inst = found.get(k);
    if (!inst) {
      inst = {
        program,
        version,
        folder: win32.normalize(folder).replace(/(?<![\\/])[\\/]+$/, ''),
        exe: win32.join(folder, entry.exe),
        exeExists: false,
        comRegistered: false,
        sources: [],
      };
      found.set(k, inst);
    }
    // A stated full version (DisplayVersion) is more precise than the folder's major number.
    if (
      statedVersion &&
      compareVersions(statedVersion, '0') > 0 &&
      statedVersion.split('.').length > inst.version.split('.').length
    )
      inst.version = statedVersion;
    if (!inst.sources.includes(source)) inst.sources.push(source);
    return inst;
  };

  // 1. Folder scan.
  const roots = [
    ...new Set(
      [host.env('ProgramFiles'), host.env('ProgramFiles(x86)'), host.env('ProgramW6432')].filter(
        (r): r is string => !!r,
      ),
    ),
  ];
  for (const root of roots) {
    const vendor = win32.join(root, entry.vendorFolder);
    for (const name of await host.listDir(vendor)) {
      const m = entry.versionFolder.exec(name);
      if (m) note(win32.join(vendor, name), m[1]!, 'folder');
    }
  }

  // 2. Uninstall entries.
  for (const base of UNINSTALL_KEYS) {
    for (const sub of await host.registry.subkeys(base)) {
      const v = await host.registry.values(`${base}\\${sub}`);
      const m = v?.DisplayName ? entry.uninstallName.exec(v.DisplayName.trim()) : null;
      if (!m || !v?.InstallLocation) continue;
      note(v.InstallLocation, m[1]!, 'uninstall', v.DisplayVersion?.trim());
    }
  }

  // 3. COM registration: the executable behind the ProgID.
  for (const progId of entry.progIds) {
    const clsid = await host.registry.defaultValue(`HKLM\\SOFTWARE\\Classes\\${progId}\\CLSID`);
    if (!clsid) continue;
    const server = await host.registry.defaultValue(`HKLM\\SOFTWARE\\Classes\\CLSID\\${clsid}\\LocalServer32`);
    const exe = server ? exePath(server) : null;
    if (!exe) continue;
    const folder = win32.dirname(exe);
    const existing = found.get(key(folder));
    const inst = existing ?? note(folder, versionFromFolder(entry, folder) ?? '0', 'com');
    inst.comRegistered = true;
    if (!inst.sources.includes('com')) inst.sources.push('com');
  }

  const installations = [...found.values()];
  for (const inst of installations) inst.exeExists = await host.isFile(inst.exe);
  installations.sort(
    (a, b) => compareVersions(b.version, a.version) || Number(b.comRegistered) - Number(a.comRegistered),
  );
  const usable = installations.filter((i) => i.exeExists);
  const preferred = preferredFolder ? usable.find((i) => key(i.folder) === key(preferredFolder)) : undefined;
  return { program, installations, selected: preferred ?? usable[0] ?? null, needsPicker: usable.length > 1 };
}

export async function detectAll(
  host: DetectionHost,
  preferred: Partial<Record<Program, string | null>> = {},
): Promise<ProgramDetection[]> {
  // The programs at once: their registry and folder reads overlap (each a process on Windows).
  return Promise.all(
    (Object.keys(PROGRAM_CATALOGUE) as Program[]).map((program) => detectProgram(host, program, preferred[program])),
  );
}

function versionFromFolder(entry: ProgramCatalogueEntry, folder: string): string | null {
  return entry.versionFolder.exec(win32.basename(folder))?.[1] ?? null;
}

/** The executable of a LocalServer32 command line: quoted, or up to ".exe", arguments dropped. */
export function exePath(command: string): string | null {
  const c = command.trim();
  const quoted = /^"([^"]+)"/.exec(c);
  if (quoted) return quoted[1]!;
  const m = /^(.+?\.exe)\b/i.exec(c);
  return m ? m[1]! : null;
}
