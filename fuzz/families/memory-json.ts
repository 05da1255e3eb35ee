// The memory service's routes with mutated JSON bodies and odd path parameters.
import { jsonBody } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

const PATHS = [
  '/messages',
  '/search',
  '/get-memory',
  '/entity-node',
  '/episodes/g?last_n=x',
  '/entity-edge/x',
  '/group/g',
];

export const memoryJson: FuzzFamily = {
  name: 'memory-json',
  async step(ctx) {
    const path = PATHS[Math.floor(ctx.r() * PATHS.length)]!;
    const get = path.startsWith('/episodes') || path.startsWith('/entity-edge');
    const body = get
      ? undefined
      : jsonBody(ctx.r, {
          group_id: 'g',
          messages: [{ content: 'Beam B3 uses a W12x26.', role_type: 'user', role: 'M' }],
          query: 'beam',
        });
    await ctx.send({
      method: get ? 'GET' : 'POST',
      url: `${ctx.target.memoryUrl}${path}`,
      headers: { 'x-api-key': ctx.target.key, 'content-type': 'application/json' },
      body,
    });
  },
};
