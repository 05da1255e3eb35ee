// Counts for the caps on graphql-ws sockets (core/limits.ts, ws*): how many sockets a client
// address or an API key holds open at once, and how many messages one socket sent this minute.
// They live in this process: each gateway replica holds its own sockets, so each caps its own.

/** Open things per name (an address, a key), at most `max` each. */
export function openCounts(max: number) {
  const open = new Map<string, number>();
  return {
    /** Takes one place for `name`: its release (call once, when the thing closes), or null when `name` is at the cap. */
    take(name: string): (() => void) | null {
      const now = open.get(name) ?? 0;
      if (now >= max) return null;
      open.set(name, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(name) ?? 1) - 1;
        if (left > 0) open.set(name, left);
        else open.delete(name);
      };
    },
    count: (name: string) => open.get(name) ?? 0,
  };
}

/** At most `max` events in each minute (a fixed window from the first event of the minute). */
export function perMinute(max: number, now: () => number = Date.now) {
  let start = -Infinity;
  let count = 0;
  return {
    /** Counts one event; false once the minute's allowance is spent. */
    take(): boolean {
      const t = now();
      if (t - start >= 60_000) {
        start = t;
        count = 0;
      }
      count++;
      return count <= max;
    },
  };
}
