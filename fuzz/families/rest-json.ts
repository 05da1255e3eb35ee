// Every route of the OpenAPI document with odd path parameters and mutated JSON bodies.
import { jsonBody } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

const PARAMS = ['x', '00000000-0000-4000-8000-000000000000', '..%2F..', 'a'.repeat(300), '%00'];

export const restJson: FuzzFamily = {
  name: 'rest-json',
  async step(ctx) {
    const route = ctx.routes[Math.floor(ctx.r() * ctx.routes.length)]!;
    const method = route.method.toUpperCase();
    const path = route.path.replace(/\{[^{}]+\}/g, () =>
      encodeURIComponent(PARAMS[Math.floor(ctx.r() * PARAMS.length)]!),
    );
    const body = method === 'GET' || method === 'DELETE' ? undefined : jsonBody(ctx.r, { query: 'shear', page: 1 });
    await ctx.send({
      method,
      url: `${ctx.target.url}${path}`,
      headers: { authorization: `Bearer ${ctx.target.key}`, 'content-type': 'application/json' },
      body,
    });
  },
};
