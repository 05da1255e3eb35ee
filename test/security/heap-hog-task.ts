// A worker task that allocates without bound, to prove the heap limit holds.
export default function task(): never {
  const hog: number[][] = [];
  for (;;) hog.push(Array.from({ length: 100_000 }, (_, i) => i));
}
