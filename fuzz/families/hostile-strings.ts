// Hostile strings in every string field of valid requests (issue 29): long runs of one character
// before a bad one (finding 1's shape), nested brackets, unpaired surrogates, NUL. Valid shapes,
// so the strings reach the parsers behind the schema checks.
import { hostileString, withHostileStrings } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

const VALID: [path: string, body: unknown][] = [
  ['/v1/calcdoc/jobs', { operation: 'read', source_file: 'UEsDBA==' }],
  ['/v1/calcdoc/jobs', { operation: 'generate_pdf', source_file: 'UEsDBA==' }],
  [
    '/v1/calcdoc/jobs',
    {
      operation: 'create_document',
      document_name: 'Beam',
      elements: [
        { type: 'text', content: '# Beam\n- a *b*' },
        { type: 'variable', name: 'w', value: 12, unit: 'kN/m' },
        { type: 'formula', expression: 'M := w*2^2/8' },
      ],
    },
  ],
  ['/v1/calcdoc/convert', { source_file: 'PHdvcmtzaGVldC8+' }],
  ['/v1/search/jobs', { query: 'nominal shear strength 22.5.1.1' }],
  [
    '/v1/spreadsheet/jobs',
    {
      operation: 'create_spreadsheet',
      sheets: [{ name: 'S', blocks: [{ type: 'table', columns: ['a'], rows: [['x']] }] }],
    },
  ],
];

export const hostileStrings: FuzzFamily = {
  name: 'hostile-strings',
  async step(ctx) {
    const { r, target } = ctx;
    const json = { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' };
    if (r() < 0.25) {
      // The memory service: a message and a query.
      const body = {
        group_id: r() < 0.5 ? 'g' : hostileString(r, 300),
        messages: [{ content: hostileString(r, 20_000), role_type: 'user', role: hostileString(r, 200) }],
        query: hostileString(r, 900),
      };
      await ctx.send({
        method: 'POST',
        url: `${target.memoryUrl}${r() < 0.5 ? '/messages' : '/search'}`,
        headers: { 'x-api-key': target.key, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(body)),
      });
      return;
    }
    if (r() < 0.15) {
      const query = `query ($q: String!) { codes(first: 3) { edges { node { fileId } } } s: __typename }`;
      await ctx.send({
        method: 'POST',
        url: `${target.url}/graphql`,
        headers: json,
        body: Buffer.from(JSON.stringify({ query, variables: { q: hostileString(r, 5_000) } })),
      });
      return;
    }
    const [path, valid] = VALID[Math.floor(r() * VALID.length)]!;
    await ctx.send({
      method: 'POST',
      url: `${target.url}${path}`,
      headers: json,
      body: Buffer.from(JSON.stringify(withHostileStrings(r, valid, 60_000))),
    });
  },
};
