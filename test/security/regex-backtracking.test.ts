// Issue 29, finding 1: the base64 check of `source_file` (`POST /v1/calcdoc/jobs`, generate_pdf and
// read) was `[A-Za-z0-9+/\r\n]*={0,2}\s*$`, whose body and trailing `\s*` could share newlines: a body
// of newlines ending in `!` took time quadratic in its length on the request thread (7 s at 240 KB).
// The class is refused by the lint rule (eslint.config.js, `npm run lint` in `npm test`); this file
// checks that the rule is the one configured and that the decoder is linear now.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { decodeSource } from '../../subgraphs/documents/calcdoc/source-file.ts';
import { endsInDotLeader } from '../../subgraphs/content/search/passages.ts';

/** The least CPU time of a few runs (µs): the thread's own work, not the wall clock of a busy machine. */
function cpuMicros(run: () => void, times = 3): number {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

const refuses = (run: () => void) => () => {
  try {
    run();
  } catch {
    /* the 422 is expected: only its cost is measured */
  }
};

describe('finding 1: source_file base64 is checked in linear time', () => {
  it('a body of newlines ending in "!" costs about what a valid body of the same size costs', () => {
    const size = 20_000;
    const hostile = `${'\n'.repeat(size)}!`;
    const valid = 'QUJD'.repeat(size / 4);
    expect(() => decodeSource(hostile)).toThrow(/base64/);
    const hostileUs = cpuMicros(refuses(() => decodeSource(hostile)));
    const baselineUs = cpuMicros(() => decodeSource(valid));
    console.log(
      `decodeSource, ${size} newlines + "!": ${hostileUs} µs; valid base64 of the same size: ${baselineUs} µs`,
    );
    // Quadratic (main), 20,000 newlines cost 0.5–3 s (≥ 10× this bound); linear, about 1× the baseline.
    expect(hostileUs).toBeLessThan(50 * Math.max(baselineUs, 1_000));
  });

  it('still accepts what it accepted: line breaks, padding, trailing blanks, a data: URL', () => {
    expect(decodeSource('QUJD\r\nREVG\n').toString()).toBe('ABCDEF');
    expect(decodeSource('QUI=\n  ').toString()).toBe('AB');
    expect(decodeSource('QQ==').toString()).toBe('A');
    expect(decodeSource('data:application/octet-stream;base64,QUJD').toString()).toBe('ABC');
    expect(() => decodeSource('QQ===')).toThrow(/base64/);
    expect(() => decodeSource('QU JD')).toThrow(/base64/);
  });
});

describe('the dot-leader check of code search is the pattern it replaced, in one pass', () => {
  const pattern = /(?:\.\s?){4,}\s*\S+$/; // eslint-disable-line regexp/no-super-linear-backtracking, regexp/no-super-linear-move -- the reference the rewrite is compared with, on short strings only
  const samples = [
    '1.2 Scope .......... 12',
    '1.2 Scope . . . . . 12',
    'Scope....12',
    '........',
    '...',
    'a .... ',
    'x. . . .y',
    'Table 1 ....  5',
    '. . . .',
    '.. ..5',
    'plain text 12',
    ' . . . .5',
    '....\t\t7',
  ];
  it.each(samples)('%j', (s) => expect(endsInDotLeader(s)).toBe(pattern.test(s)));
  it('on random strings of dots, blanks and letters', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let k = 0; k < 3_000; k++) {
      const s = Array.from({ length: next() % 14 }, () => '.. a\t5'[next() % 6]).join('');
      expect(endsInDotLeader(s), JSON.stringify(s)).toBe(pattern.test(s));
    }
  });
});

describe('the lint rule refuses the class, not the one payload', () => {
  const lint = async (code: string) =>
    (await new ESLint().lintText(code, { filePath: 'subgraphs/example.ts' }))[0]!.messages.map((m) => m.ruleId);
  it.each([
    ['the old base64 check', 'export const B = /^[A-Za-z0-9+/\\r\\n]*={0,2}\\s*$/;'],
    ['nested quantifiers', 'export const N = /^(a+)+$/;'],
    ['a trailing-blanks strip that moves quadratically', "export const t = (s: string) => s.replace(/\\s+$/, '');"],
  ])('%s', async (_, code) => {
    expect(await lint(code)).toEqual(expect.arrayContaining([expect.stringMatching(/^regexp\/no-super-linear-/)]));
  });
  it('passes the linear rewrite', async () => {
    expect(await lint('export const B = /^[A-Za-z0-9+/\\r\\n]*(?:={1,2}\\s*|[^\\S\\r\\n]\\s*)?$/;')).toEqual([]);
  });
});
