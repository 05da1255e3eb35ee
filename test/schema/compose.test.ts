import fs from 'node:fs';
import { expect, it } from 'vitest';
import { composeSupergraph, SUPERGRAPH_FILE } from '../../schema/compose.ts';

it('the checked-in supergraph equals a fresh composition of schema/*.graphql (run npm run compose)', () => {
  const fresh = composeSupergraph(); // throws on composition errors
  expect(fs.readFileSync(SUPERGRAPH_FILE, 'utf8')).toBe(fresh);
});

it('Job is an entity with fields from two subgraphs', () => {
  const sdl = composeSupergraph();
  expect(sdl).toMatch(/type Job\s+@join__type\(graph: CONTENT, key: "id"\)/);
  expect(sdl).toMatch(/searchResults: SearchResults @join__field\(graph: CONTENT, requires: "type results"\)/);
});
