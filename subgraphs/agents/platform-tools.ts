// The platform's own tools in an agent run: the subgraphs contribute them (SubgraphModule.tools,
// gathered in Platform.tools; the contract and its rules are in core/platform-tools.ts) and this
// module only reads that registry: what the model is shown of them, and one call of one tool.
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { JobFailed, type Charge, type ToolContext, type ToolRegistry } from '../../core/platform-tools.ts';
import { validationError } from '../../core/validation.ts';

export type PlatformOutcome =
  | { ok: true; result: unknown; charges: Charge[] }
  | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

/** Chat-completions tool definitions of every tool in the registry. */
export function platformToolDefinitions(tools: ToolRegistry) {
  return Object.entries(tools).map(([name, t]) => ({
    type: 'function' as const,
    function: { name, description: t.description, parameters: z.toJSONSchema(t.args, { io: 'input' }) },
  }));
}

/** Runs one platform tool call: its arguments checked, the domain called as the caller, the outcome as the model reads it. */
export async function runPlatformTool(
  ctx: ToolContext,
  name: string,
  rawArgs: unknown,
  log: { error(o: object, m: string): void },
): Promise<PlatformOutcome> {
  const t = ctx.platform.tools[name]!;
  const parsed = t.args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const e = validationError(parsed.error, rawArgs);
    return { ok: false, error: { code: 'INVALID_ARGUMENTS', message: e.message, details: e.details } };
  }
  try {
    const { result, charges = [] } = await t.run(ctx, parsed.data);
    return { ok: true, result, charges };
  } catch (err) {
    if (err instanceof AppError || err instanceof JobFailed)
      return {
        ok: false,
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      };
    log.error({ err, tool: name }, 'platform tool failed');
    return { ok: false, error: { code: 'TOOL_FAILED', message: `${name} failed inside the platform` } };
  }
}
