// Worker-thread task of the diagnostic job: burns CPU for `ms` milliseconds
// hashing a buffer, so tests can prove the event loop stays free.
import { createHash } from 'node:crypto';

export default function burn({ ms }: { ms: number }): { rounds: number } {
  const until = performance.now() + ms;
  const block = Buffer.alloc(4096, 7);
  let rounds = 0;
  while (performance.now() < until) {
    createHash('sha256').update(block).digest();
    rounds++;
  }
  return { rounds };
}
