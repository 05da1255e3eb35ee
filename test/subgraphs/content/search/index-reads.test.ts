import { expect, it } from 'vitest';
import { fileFilter, termInserts } from '../../../../subgraphs/content/search/index-reads.ts';

it('counts each term once per passage and the passages themselves, 500 rows a statement', () => {
  const passages = [
    { terms: ['shear', 'beam'] },
    { terms: ['shear'] },
    ...Array.from({ length: 600 }, (_, i) => ({ terms: [`t${i}`] })),
  ];
  const inserts = termInserts('aci', passages);
  expect(inserts).toHaveLength(2); // 603 distinct rows: the count row, shear, beam, t0…t599
  const rows = inserts.flatMap((s) =>
    Array.from({ length: s.args.length / 3 }, (_, i) => s.args.slice(i * 3, i * 3 + 3)),
  );
  expect(rows).toHaveLength(603);
  expect(rows).toContainEqual(['aci', '#passages', 602]);
  expect(rows).toContainEqual(['aci', 'shear', 2]);
  expect(rows).toContainEqual(['aci', 'beam', 1]);
  for (const s of inserts) expect(s.sql.match(/\(\?, \?, \?\)/g)).toHaveLength(s.args.length / 3);
});

it('scopes to the given files, to none for an empty scope, and leaves an unscoped search alone', () => {
  expect(fileFilter(null)).toEqual({ sql: '', args: [] });
  expect(fileFilter([])).toEqual({ sql: ' AND false', args: [] });
  expect(fileFilter(['a', 'b'], '"fileId"')).toEqual({ sql: ' AND "fileId" IN (?,?)', args: ['a', 'b'] });
});
