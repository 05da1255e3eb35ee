// The fuzz server's resident memory by kind, read by the fuzz (fuzz/main.ts --trace) from the
// server's /proc/<pid>/ files in the fuzz's own main thread, every 5 s: the kernel walks every
// mapping of the server to write smaps, and read in the server's main thread at each health
// probe it added a loop turn of hundreds of ms of CPU to every family (issue 29, round 5). The
// fuzz's main thread only sends requests (the health probe has a thread of its own), so a read
// here delays no measurement. Linux only.
import fs from 'node:fs';

export interface Resident {
  /** Anonymous memory (heaps, malloc arenas) and mapped files (code), from /proc/<pid>/status. */
  anonBytes: number;
  fileBytes: number;
  /** Resident bytes of glibc malloc's arenas, from /proc/<pid>/smaps. */
  mallocBytes: number;
  /** The reading thread's CPU time to read and parse them (what the server's loop paid for each). */
  readCpuMs: number;
}

/**
 * Resident bytes of glibc malloc's arenas: the main one ([heap]) and each thread arena's heaps, which
 * glibc maps 64 MiB-aligned (HEAP_MAX_SIZE); memory freed there but not trimmed stays resident.
 */
export function mallocArenaBytes(smaps: string): number {
  let bytes = 0;
  let counted = false;
  for (const line of smaps.split('\n')) {
    // A mapping's first line: start-end perms offset device inode [path].
    const [range, perms, , , , name = ''] = line.split(/\s+/);
    if (/^[0-9a-f]+-[0-9a-f]+$/.test(range!)) {
      const [from, to] = range!.split('-').map((h) => BigInt(`0x${h}`));
      counted =
        name === '[heap]' ||
        (name === '' && perms === 'rw-p' && from! % 0x4000000n === 0n && to! - from! <= 0x4000000n);
    } else if (counted && line.startsWith('Rss:')) bytes += Number(/(\d+)/.exec(line)![1]) * 1024;
  }
  return bytes;
}

/** The server's resident memory by kind, or undefined where /proc cannot be read. */
export function residentOf(pid: number): Resident | undefined {
  const cpu = process.threadCpuUsage();
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mallocBytes = mallocArenaBytes(fs.readFileSync(`/proc/${pid}/smaps`, 'utf8'));
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    const used = process.threadCpuUsage(cpu);
    return {
      anonBytes: kb('RssAnon'),
      fileBytes: kb('RssFile'),
      mallocBytes,
      readCpuMs: (used.user + used.system) / 1000,
    };
  } catch {
    return undefined;
  }
}
