// One client per user: a second start finds the first one's lock (its pid and UI address) and
// hands over to it instead of opening a second bridge for the same machine. A lock whose
// process is gone (a crash) is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCK_FILE = 'instance.lock';
/** Locks this process holds: a lock naming our own pid that is not among them was left by a crash (pids are reused, 1 in a container). */
const held = new Set<string>();

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
export async function acquireInstance(
  dataDir: string,
): Promise<{ lock: InstanceLock } | { running: { pid: number; url: string | null } }> {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, url: null }));
      await handle.close();
      held.add(file);
      return {
        lock: {
          publish: async (url) => {
            const h = await open(file, 'w', 0o600);
            await h.writeFile(JSON.stringify({ pid: process.pid, url }));
            await h.close();
          },
          release: async () => {
            held.delete(file);
            await rm(file, { force: true });
          },
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner: { pid?: unknown; url?: unknown } = {};
    try {
      owner = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      // Unreadable: left by a crash mid-write.
    }
    const running = typeof owner.pid === 'number' && (owner.pid === process.pid ? held.has(file) : alive(owner.pid));
    if (running)
      return { running: { pid: owner.pid as number, url: typeof owner.url === 'string' ? owner.url : null } };
    await rm(file, { force: true });
  }
  throw new Error(`could not take ${file}`);
}
