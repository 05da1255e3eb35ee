// Updates: the platform says which client version is current (GET /desktop/latest: version,
// url, sha256, size); a newer one is downloaded in the background to the data folder, hashed
// as it streams, and kept only when its size and SHA-256 match. Then the header shows Update
// and Settings → Software offers Update now. Installing hands the verified package to the
// platform's installer: on Windows the NSIS package of the Electron shell (README); elsewhere
// there is no installer, and install() says so instead of pretending.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { compareVersions } from '../detection/detect.ts';

/** An installer is a few hundred MB at most; past this the release is refused. */
export const MAX_PACKAGE_BYTES = 1024 * 1024 * 1024;

export const Release = z.object({
  version: z.string().regex(/^\d+(\.\d+){0,3}$/, 'a dotted version such as 0.2.0'),
  url: z.string().min(1).max(2048),
  sha256: z.string().regex(/^[0-9a-f]{64}$/i, '64 hex digits'),
  size: z.int().positive().max(MAX_PACKAGE_BYTES),
  notes: z.string().max(10_000).optional(),
});
export type Release = z.infer<typeof Release>;

export type UpdateState = 'idle' | 'checking' | 'up_to_date' | 'downloading' | 'ready' | 'error';

export interface UpdateStatus {
  state: UpdateState;
  current: string;
  latest: string | null;
  /** Bytes downloaded so far / in all, while downloading. */
  received: number;
  total: number;
  message: string | null;
  checkedAt: string | null;
}

export class UpdateError extends Error {
  readonly code: 'NOT_SUPPORTED' | 'NOT_READY';
  constructor(code: UpdateError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** Runs a verified package; the default knows the Windows installer only. */
export type Installer = (file: string) => Promise<void>;

export const windowsInstaller: Installer = async (file) => {
  if (process.platform !== 'win32') {
    throw new UpdateError(
      'NOT_SUPPORTED',
      `Installing needs the Windows package and its installer; the verified download is at ${file}`,
    );
  }
  // NSIS silent install; it replaces the app once this process has quit.
  spawn(file, ['/S'], { detached: true, stdio: 'ignore' }).unref();
};

export class Updater extends EventEmitter<{ status: [UpdateStatus] }> {
  status: UpdateStatus;
  private readonly platformUrl: string;
  private readonly dir: string;
  private readonly installer: Installer;
  private file: string | null = null;
  private busy: Promise<void> | null = null;

  constructor(o: { platformUrl: string; currentVersion: string; dir: string; installer?: Installer }) {
    super();
    this.platformUrl = o.platformUrl;
    this.dir = o.dir;
    this.installer = o.installer ?? windowsInstaller;
    this.status = {
      state: 'idle',
      current: o.currentVersion,
      latest: null,
      received: 0,
      total: 0,
      message: null,
      checkedAt: null,
    };
  }

  private set(patch: Partial<UpdateStatus>): void {
    this.status = { ...this.status, ...patch };
    this.emit('status', this.status);
  }

  /** Checks, and downloads a newer release in the background; resolves when the check (not the download) is done. */
  check(): Promise<void> {
    if (this.busy) return this.busy;
    this.busy = this.checkNow().finally(() => (this.busy = null));
    return this.busy;
  }

  /** Resolves once a running download has ended (for callers that need the file). */
  downloaded: Promise<void> = Promise.resolve();

  private async checkNow(): Promise<void> {
    if (this.status.state === 'downloading') return;
    this.set({ state: 'checking', message: null });
    let release: Release;
    try {
      const res = await fetch(`${this.platformUrl}/desktop/latest`, { signal: AbortSignal.timeout(30_000) });
      if (res.status === 404)
        return this.set({
          state: 'up_to_date',
          latest: null,
          message: 'No release is published',
          checkedAt: new Date().toISOString(),
        });
      if (!res.ok) throw new Error(`the platform answered ${res.status}`);
      const parsed = Release.safeParse(await res.json());
      if (!parsed.success)
        throw new Error(
          `the release description is not valid: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`,
        );
      release = parsed.data;
    } catch (err) {
      return this.set({
        state: 'error',
        message: `Could not check for updates: ${(err as Error).message}`,
        checkedAt: new Date().toISOString(),
      });
    }
    const checkedAt = new Date().toISOString();
    if (compareVersions(release.version, this.status.current) <= 0)
      return this.set({ state: 'up_to_date', latest: release.version, message: null, checkedAt });
    if (this.status.state === 'ready' && this.status.latest === release.version) return this.set({ checkedAt });
    this.set({ state: 'downloading', latest: release.version, received: 0, total: release.size, checkedAt });
    this.downloaded = this.download(release);
  }

  private async download(release: Release): Promise<void> {
    const final = join(this.dir, `structural-platform-${release.version}.pkg`);
    const part = `${final}.part`;
    try {
      await mkdir(this.dir, { recursive: true });
      const res = await fetch(new URL(release.url, this.platformUrl), { signal: AbortSignal.timeout(60 * 60_000) });
      if (!res.ok || !res.body) throw new Error(`the download answered ${res.status}`);
      const hash = createHash('sha256');
      const out = createWriteStream(part);
      let received = 0;
      let lastReport = 0;
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        received += chunk.byteLength;
        if (received > release.size) throw new Error(`the download is larger than the ${release.size} bytes announced`);
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        if (received - lastReport > 1024 * 1024) {
          lastReport = received;
          this.set({ received });
        }
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      if (received !== release.size)
        throw new Error(`the download has ${received} bytes, not the ${release.size} announced`);
      const digest = hash.digest('hex');
      if (digest !== release.sha256.toLowerCase()) throw new Error(`the checksum does not match (got ${digest})`);
      await rename(part, final);
      this.file = final;
      this.set({ state: 'ready', received, message: null });
    } catch (err) {
      await rm(part, { force: true });
      this.set({ state: 'error', message: `The update could not be downloaded: ${(err as Error).message}` });
    }
  }

  /** The verified package, once ready. */
  get packageFile(): string | null {
    return this.status.state === 'ready' ? this.file : null;
  }

  /** Update now: hands the verified package to the installer (the caller closes the app afterwards). */
  async install(): Promise<void> {
    const file = this.packageFile;
    if (!file) throw new UpdateError('NOT_READY', 'No update has been downloaded and verified');
    await this.installer(file);
  }
}
