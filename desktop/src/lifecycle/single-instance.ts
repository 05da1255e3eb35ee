// One client per user: a second start finds the first one's lock (its pid and UI address) and
// hands over to it instead of opening a second bridge for the same machine. A lock whose
// process is gone (a crash) is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCK_FILE = 'instance.lock';

export interface InstanceLock {
  /** Records the UI's address for a later second start. */
  publish(url: string): Promise<void>;
  release(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The lock, or the running instance's UI address (null when it has not published one yet). */
export async function acquireInstance(dataDir: string): Promise<{ lock: InstanceLock } | { running: { pid: number; url: string | null } }> {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, url: null }));
      await handle.close();
      return {
        lock: {
          publish: async (url) => {
            const h = await open(file, 'w', 0o600);
            await h.writeFile(JSON.stringify({ pid: process.pid, url }));
            await h.close();
          },
          release: () => rm(file, { force: true }),
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let held: { pid?: unknown; url?: unknown } = {};
    try {
      held = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      // Unreadable: left by a crash mid-write.
    }
    if (typeof held.pid === 'number' && held.pid !== process.pid && alive(held.pid)) {
      return { running: { pid: held.pid, url: typeof held.url === 'string' ? held.url : null } };
    }
    await rm(file, { force: true });
  }
  throw new Error(`could not take ${file}`);
}
