// The settings file: read with limits and validation, written atomically (a crash mid-write
// leaves the old file), changed by validated patches. A file that cannot be read as settings
// is kept aside under a dated name and the defaults are used, so a bad file never stops the
// app and is not lost for support. The file is the user's alone (0600, its folder 0700 when
// made here): it names their folders and standards, nobody else's to read.
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { defaultSettings, Settings } from './schema.ts';

export const SETTINGS_FILE = 'settings.json';
/** A settings file is a few hundred bytes; anything past this is not one. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends Record<string, unknown> ? DeepPartial<T[K]> : T[K] };
export type SettingsPatch = DeepPartial<Settings>;

export class SettingsError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

export class SettingsStore {
  readonly file: string;
  private readonly warn: (message: string) => void;

  constructor(configDir: string, warn: (message: string) => void = () => {}) {
    this.file = join(configDir, SETTINGS_FILE);
    this.warn = warn;
  }

  async load(): Promise<Settings> {
    const info = await stat(this.file).catch(() => null);
    if (!info) return defaultSettings();
    let problem: string;
    if (!info.isFile()) problem = 'is not a file';
    else if (info.size > MAX_SETTINGS_BYTES) problem = `is ${info.size} bytes (limit ${MAX_SETTINGS_BYTES})`;
    else {
      try {
        const parsed = Settings.safeParse(JSON.parse(await readFile(this.file, 'utf8')));
        // A file an older version wrote readable by others becomes the user's alone.
        if (parsed.success && process.platform !== 'win32' && (info.mode & 0o077) !== 0) await chmod(this.file, 0o600);
        if (parsed.success) return parsed.data;
        const issue = parsed.error.issues[0]!;
        problem = `${issue.path.join('.')}: ${issue.message}`;
      } catch (err) {
        problem = `is not JSON (${(err as Error).message})`;
      }
    }
    const aside = `${this.file}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(this.file, aside).catch(() => {});
    this.warn(`settings file ${problem}; kept as ${aside}, using the defaults`);
    return defaultSettings();
  }

  /** Applies a partial change; an unknown field or a bad value is refused with the field named, and nothing is written. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const current = await this.load();
    rejectUnknown(patch, current, '');
    const parsed = Settings.safeParse(merge(current, patch));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SettingsError(issue.path.join('.'), issue.message);
    }
    await this.write(parsed.data);
    return parsed.data;
  }

  /**
   * Reset Configuration: preferences, working directories and environment paths go back to
   * their defaults. The sign-in is not in this file (see ../auth/token-store.ts), so it stays.
   */
  async resetConfiguration(): Promise<Settings> {
    const settings = defaultSettings();
    await this.write(settings);
    return settings;
  }

  private async write(settings: Settings): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    // Created 0600: never readable by others, not even before the rename.
    await writeFile(tmp, JSON.stringify(settings, null, 2) + '\n', { mode: 0o600 });
    await rename(tmp, this.file);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rejectUnknown(patch: unknown, template: unknown, prefix: string): void {
  if (!isObject(patch)) return;
  if (!isObject(template)) throw new SettingsError(prefix || 'settings', 'is not a group of settings');
  for (const [k, v] of Object.entries(patch)) {
    const field = prefix ? `${prefix}.${k}` : k;
    if (!(k in template)) throw new SettingsError(field, 'is not a setting');
    if (isObject(v)) rejectUnknown(v, template[k], field);
  }
}

function merge(base: unknown, patch: unknown): unknown {
  if (!isObject(base) || !isObject(patch)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = merge(base[k], v);
  return out;
}
