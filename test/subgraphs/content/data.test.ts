import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { readCatalogue } from '../../../subgraphs/content/codes.ts';
import { parsePost, readPosts, UUID_V4 } from '../../../subgraphs/content/blog.ts';

const dataDir = new URL('../../../subgraphs/content/data/', import.meta.url);

it('the catalogue holds 22 codes: 10 US, 5 Eurocode, 5 Australia/NZ, 2 Canada, with unique ids', () => {
  const codes = readCatalogue(new URL('codes.json', dataDir));
  expect(codes).toHaveLength(22);
  const by = (s: string) => codes.filter((c) => c.designStandard === s).length;
  expect([by('us'), by('eurocode'), by('aus-nz'), by('canada')]).toEqual([10, 5, 5, 2]);
  expect(new Set(codes.map((c) => c.fileId)).size).toBe(22);
  for (const needle of [
    'ASCE/SEI 7-22',
    'ACI 318-19',
    'AISC 360-22',
    'EN 1992-1-1:2004',
    'AS 3600:2018',
    'CSA A23.3:19',
  ]) {
    expect(
      codes.some((c) => c.description.includes(needle)),
      needle,
    ).toBe(true);
  }
});

it('every blog post parses, with a UUID v4 id and a slug equal to its file name', () => {
  const dir = fileURLToPath(new URL('blog/', dataDir));
  const posts = readPosts(dir);
  expect(posts.length).toBeGreaterThanOrEqual(3);
  for (const p of posts) expect(p.id).toMatch(UUID_V4);
  expect(posts.some((p) => !p.published)).toBe(true);
  expect(fs.readdirSync(dir).filter((f) => f.endsWith('.md'))).toHaveLength(posts.length);
});

it('refuses a post whose front matter is wrong, naming the file and field', () => {
  const bad = `---\nid: "not-a-uuid"\ntitle: T\nslug: x\npublished: true\ncreated_at: "2026-01-01T00:00:00Z"\nupdated_at: "2026-01-01T00:00:00Z"\n---\nbody`;
  expect(() => parsePost('x.md', bad)).toThrow(/x\.md: id: id must be a UUID v4/);
});
