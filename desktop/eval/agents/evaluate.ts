// Runs the evaluation conversations (./conversations.ts) through the whole platform with their
// scripted models and prints each check: what, the figure the conversation produced, the figure
// worked out independently, and whether it holds. Exits 1 when any check fails.
// Run: npm run eval:agents -w desktop  (EVAL=drift,combo for some of them)
import { StandinFrameAdapter } from '../../src/adapters/standin/adapter.ts';
import { dispatch } from '../../src/adapters/adapter.ts';
import type { ToolName, ToolOutcome } from '@structural-platform/tool-schema';
import { CONVERSATIONS, type Check, type EvalConversation } from './conversations.ts';
import { startEvalPlatform, type EvalPlatform, type Transcript } from './harness.ts';

/** Prepares the conversation's model file on a stand-in of its own (the engineer's model, saved and closed), then runs the conversation. */
export async function evaluate(
  platform: EvalPlatform,
  c: EvalConversation,
): Promise<{ transcript: Transcript; checks: Check[] }> {
  const folder = platform.folder(c.program);
  const engineer = new StandinFrameAdapter(c.program, folder);
  const adapters = new Map([[c.program, engineer]]);
  let n = 0;
  try {
    await c.prepare(async (tool: ToolName, args: unknown) => {
      const out: ToolOutcome = await dispatch(adapters, { callId: `prepare-${++n}`, program: c.program, tool, args });
      if (!out.ok) throw new Error(`${c.id}: preparing the model: ${tool}: ${out.error.code} ${out.error.message}`);
      return out.result;
    }, folder);
  } finally {
    await engineer.close();
  }
  const transcript = await platform.converse(c.agent, c.prompt, c.policy);
  return { transcript, checks: c.check(transcript, folder) };
}

export function report(c: EvalConversation, t: Transcript, checks: Check[]): string {
  const rows = checks.map(
    (k) => `| ${k.ok ? 'ok' : '**FAIL**'} | ${k.what} | ${JSON.stringify(k.got)} | ${JSON.stringify(k.want)} |`,
  );
  return [
    `### ${c.id}: ${c.title} (${c.program}, ${t.calls.length} tool calls)`,
    '',
    `> ${c.prompt}`,
    '',
    t.answer,
    '',
    '| | check | conversation | independent |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const only = process.env.EVAL?.split(',');
  const platform = await startEvalPlatform();
  let failed = 0;
  try {
    for (const c of CONVERSATIONS.filter((c) => !only || only.includes(c.id))) {
      const { transcript, checks } = await evaluate(platform, c);
      console.log(report(c, transcript, checks));
      failed += checks.filter((k) => !k.ok).length;
    }
  } finally {
    await platform.close();
  }
  console.log(failed ? `${failed} checks failed` : 'every check holds');
  process.exit(failed ? 1 : 0);
}
