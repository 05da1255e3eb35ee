// The agent evaluations (eval/agents) in CI: each conversation runs through the whole platform
// with its scripted model and every check against the independently worked figures must hold.
// (npm run eval:agents -w desktop prints the same checks as tables.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATIONS } from '../../eval/agents/conversations.ts';
import { evaluate, report } from '../../eval/agents/evaluate.ts';
import { startEvalPlatform, type EvalPlatform } from '../../eval/agents/harness.ts';

let platform: EvalPlatform;
beforeAll(async () => {
  platform = await startEvalPlatform();
}, 60_000);
afterAll(async () => {
  await platform?.close();
});

describe('agent evaluations: scripted conversations checked end to end', () => {
  for (const c of CONVERSATIONS) {
    it(`${c.id}: ${c.title}`, async () => {
      const { transcript, checks } = await evaluate(platform, c);
      const failed = checks.filter((k) => !k.ok);
      if (failed.length) console.log(report(c, transcript, checks));
      expect(failed).toEqual([]);
      expect(checks.length).toBeGreaterThan(10);
    }, 180_000);
  }
});
