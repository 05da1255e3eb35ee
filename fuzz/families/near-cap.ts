// Many items just under a cap, in one request and across requests (issue 29, finding 3): memory
// messages of ~99,000 characters, 5 to a request; search queries at their 1,000-character cap.
import type { FuzzFamily } from '../family.ts';
import { LIMITS } from '../../core/limits.ts';

const sentence = (i: number) =>
  `Maria said beam B${i} at grid C-4 uses a W12x26 per AISC 360-16 and Kenji Sato checked it on sheet S-201. `;
const nearCap = (i: number) =>
  sentence(i).repeat(Math.floor((LIMITS.memoryMaxMessageChars - 100) / sentence(i).length));

export const nearCapItems: FuzzFamily = {
  name: 'near-cap',
  concurrency: 2,
  async step(ctx) {
    const { r, target } = ctx;
    if (r() < 0.7) {
      const messages = Array.from({ length: 1 + Math.floor(r() * 5) }, (_, i) => ({
        content: nearCap(i),
        role_type: 'user',
        role: 'Maria',
        timestamp: '2026-03-01T10:00:00Z',
      }));
      await ctx.send({
        method: 'POST',
        url: `${target.memoryUrl}/messages`,
        headers: { 'x-api-key': target.key, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ group_id: `near-cap-${Math.floor(r() * 3)}`, messages })),
      });
      return;
    }
    const query = 'shear '.repeat(Math.floor(LIMITS.searchMaxQueryChars / 6)).slice(0, LIMITS.searchMaxQueryChars);
    await ctx.send({
      method: 'POST',
      url: `${target.url}/v1/search/jobs`,
      headers: { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ query })),
    });
  },
};
