// Seeded text for the search benchmarks: the domain's words beside a long tail of 4,000 made-up
// words drawn by a Zipf-like law, as real text has rarer words, so a query matches some passages,
// not all of them.

export function syntheticText(domainWords: string[], seed: number) {
  let state = seed;
  const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const tail = Array.from(
    { length: 4000 },
    (_, i) =>
      `${'bcdfghklmnprstvz'[i % 16]}${'aeiou'[i % 5]}${'rntlsk'[(i >> 4) % 6]}${'aeiouy'[(i >> 6) % 6]}${(i >> 8).toString(36)}`,
  );
  const domain = () => domainWords[Math.floor(rand() * domainWords.length)]!;
  const rare = () => tail[Math.floor(tail.length * rand() ** 2.5)]!;
  const pick = () => (rand() < 0.35 ? domain() : rare());
  return {
    rand,
    /** The made-up words, commonest first. */
    tail,
    /** n words, domain and tail mixed. */
    words: (n: number) => Array.from({ length: n }, pick).join(' '),
    /** Two domain words and a rarer one. */
    query: () => `${domain()} ${domain()} ${rare()}`,
  };
}
