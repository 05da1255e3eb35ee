// Malformed GraphQL over HTTP: mutated operations, random bytes, deep selections, fragment cycles.
import { graphqlBody } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

export const graphql: FuzzFamily = {
  name: 'graphql',
  async step(ctx) {
    await ctx.send({
      method: 'POST',
      url: `${ctx.target.url}/graphql`,
      headers: { authorization: `Bearer ${ctx.target.key}`, 'content-type': 'application/json' },
      body: graphqlBody(ctx.r),
    });
  },
};
