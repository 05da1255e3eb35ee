// Support logs: JSON lines in the app's log folder (../paths.ts), rotated by size so they
// never fill the disk: desktop.log grows to maxBytes, then becomes desktop.1.log, the older
// ones shift up, and past `keep` files the oldest is deleted. Writes are synchronous appends:
// the client logs a few lines per tool call, and a line written before a crash is kept.
// Values under keys that name credentials are replaced before anything is written. The folder
// is the user's alone (0700) and so are the files (0600): logs name their projects, machines
// and requests, nobody else's to read on a shared computer.
import { appendFileSync, chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEY = /token|secret|password|authorization|cookie|verifier|api[_-]?key/i;

export interface LoggerOptions {
  dir: string;
  name?: string;
  maxBytes?: number;
  keep?: number;
  level?: LogLevel;
  now?: () => Date;
}

export class Logger {
  readonly dir: string;
  readonly file: string;
  private readonly name: string;
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly level: number;
  private readonly now: () => Date;
  private size: number;

  constructor(o: LoggerOptions) {
    this.dir = o.dir;
    this.name = o.name ?? 'desktop';
    this.file = join(o.dir, `${this.name}.log`);
    this.maxBytes = o.maxBytes ?? 5 * 1024 * 1024;
    this.keep = o.keep ?? 5;
    this.level = LEVELS[o.level ?? 'info'];
    this.now = o.now ?? (() => new Date());
    mkdirSync(o.dir, { recursive: true, mode: 0o700 });
    // A folder and files an older version left readable by others become the user's alone (Windows has no such modes).
    if (process.platform !== 'win32') {
      chmodSync(o.dir, 0o700);
      for (const f of [this.file, ...this.rotated()]) if (existsSync(f)) chmodSync(f, 0o600);
    }
    this.size = existsSync(this.file) ? statSync(this.file).size : 0;
  }

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.write('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.write('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.write('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.write('error', msg, fields);
  }

  /** The rotated files, newest first (desktop.1.log, desktop.2.log, …). */
  rotated(): string[] {
    return Array.from({ length: this.keep }, (_, k) => this.rotatedName(k + 1)).filter(existsSync);
  }

  private rotatedName(n: number): string {
    return join(this.dir, `${this.name}.${n}.log`);
  }

  private write(level: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (LEVELS[level] < this.level) return;
    const line =
      JSON.stringify({ time: this.now().toISOString(), level, msg, ...(fields ? (redact(fields) as object) : {}) }) +
      '\n';
    const bytes = Buffer.byteLength(line);
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
    appendFileSync(this.file, line, { mode: 0o600 });
    this.size += bytes;
  }

  private rotate(): void {
    rmSync(this.rotatedName(this.keep), { force: true });
    for (let n = this.keep - 1; n >= 1; n--)
      if (existsSync(this.rotatedName(n))) renameSync(this.rotatedName(n), this.rotatedName(n + 1));
    if (this.keep >= 1) renameSync(this.file, this.rotatedName(1));
    else rmSync(this.file, { force: true });
    this.size = 0;
  }
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}
