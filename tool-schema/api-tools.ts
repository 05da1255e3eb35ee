// Removing objects, and the guarded escape hatch: any OAPI method on the allow-list (./oapi.ts)
// with typed arguments. The desktop client logs every call (audit log) and asks the engineer
// first for methods that delete or write files.
import { z } from 'zod';
import { name } from './common.ts';
import { oapiArgsSchema, oapiMethod, OAPI_METHODS } from './oapi.ts';

const names = z.array(name).max(10_000).optional();

export const ARGS = {
  delete_objects: z
    .object({
      frames: names,
      joints: names.describe('Joints (with any frames, areas and loads on them)'),
      areas: names,
      patterns: names.describe('Load patterns with their loads'),
      combinations: names,
    })
    .refine((a) => [a.frames, a.joints, a.areas, a.patterns, a.combinations].some((x) => x?.length), {
      message: 'name something to delete',
    }),
  call_api: z
    .object({
      method: z
        .string()
        .min(1)
        .max(128)
        .describe(
          `A CSI OAPI method on the allow-list, from SapModel, e.g. SapModel.LoadCases.ModalEigen.SetNumberModes; the list: ${OAPI_METHODS.length} methods, see list in the tool schema`,
        ),
      args: z
        .array(z.unknown())
        .max(64)
        .default([])
        .describe("The method's input arguments in order (its ByRef outputs are left out and answered)"),
    })
    .superRefine((a, ctx) => {
      const entry = oapiMethod(a.method);
      if (!entry)
        return void ctx.addIssue({ code: 'custom', path: ['method'], message: `${a.method} is not on the allow-list` });
      const parsed = oapiArgsSchema(entry).safeParse(a.args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        ctx.addIssue({
          code: 'custom',
          path: ['args', ...issue.path.map((x) => (typeof x === 'symbol' ? String(x) : x))],
          message: `${issue.message} (${entry.method}(${entry.params
            .filter((q) => q.io !== 'out')
            .map((q) => `${q.name}: ${q.type}`)
            .join(', ')}))`,
        });
      }
    }),
};

export const RESULTS = {
  delete_objects: z.object({
    deleted: z.object({
      frames: z.array(z.string()),
      joints: z.array(z.string()),
      areas: z.array(z.string()),
      patterns: z.array(z.string()),
      combinations: z.array(z.string()),
    }),
  }),
  call_api: z.object({
    method: z.string(),
    returned: z.unknown().describe("The method's return value (0 = success for most)"),
    outputs: z.record(z.string(), z.unknown()).describe('ByRef outputs by parameter name'),
  }),
};

export const DESCRIPTIONS: Record<keyof typeof ARGS, string> = {
  delete_objects:
    'Delete frames, joints, areas, load patterns or combinations (the engineer sees the change and approves it first).',
  call_api:
    "Call a CSI OAPI method on the allow-list directly, with typed arguments, when no tool does what is needed; logged, and methods that delete or write files wait for the engineer's approval.",
};
