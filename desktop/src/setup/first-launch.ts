// The one-time environment setup of the first launch: the app's folders, the settings file,
// program detection and the Python search, with progress for the setup screen. Completion is
// recorded last (setup.json), so a setup that could not finish runs again at the next start,
// as the spec asks.
import { EventEmitter } from 'node:events';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppPaths } from '../paths.ts';

export const SETUP_MARKER = 'setup.json';

export interface SetupStep {
  id: string;
  label: string;
  run(): Promise<void>;
}

export interface SetupProgress {
  state: 'pending' | 'running' | 'done' | 'failed';
  step: string | null;
  done: number;
  total: number;
  error: string | null;
}

export async function setupDone(paths: AppPaths): Promise<boolean> {
  try {
    const marker = JSON.parse(await readFile(join(paths.data, SETUP_MARKER), 'utf8'));
    return typeof marker.completedAt === 'string';
  } catch {
    return false;
  }
}

export class FirstLaunchSetup extends EventEmitter<{ progress: [SetupProgress] }> {
  progress: SetupProgress;
  private readonly paths: AppPaths;
  private readonly steps: SetupStep[];

  constructor(paths: AppPaths, steps: SetupStep[]) {
    super();
    this.paths = paths;
    this.steps = [
      {
        id: 'folders',
        label: 'Creating the app folders',
        run: async () => {
          for (const dir of [
            paths.config,
            paths.logs,
            paths.data,
            join(paths.data, 'workspaces'),
            join(paths.data, 'updates'),
          ])
            await mkdir(dir, { recursive: true, mode: 0o700 });
        },
      },
      ...steps,
    ];
    this.progress = { state: 'pending', step: null, done: 0, total: this.steps.length, error: null };
  }

  private set(patch: Partial<SetupProgress>): void {
    this.progress = { ...this.progress, ...patch };
    this.emit('progress', this.progress);
  }

  /** Runs every step in order; true when all finished and completion was recorded. */
  async run(): Promise<boolean> {
    this.set({ state: 'running', done: 0, error: null });
    for (const step of this.steps) {
      this.set({ step: step.label });
      try {
        await step.run();
      } catch (err) {
        this.set({ state: 'failed', error: `${step.label}: ${(err as Error).message}` });
        return false;
      }
      this.set({ done: this.progress.done + 1 });
    }
    const marker = join(this.paths.data, SETUP_MARKER);
    await writeFile(
      marker,
      JSON.stringify({ completedAt: new Date().toISOString(), steps: this.steps.map((s) => s.id) }) + '\n',
    );
    await stat(marker);
    this.set({ state: 'done', step: null });
    return true;
  }
}
