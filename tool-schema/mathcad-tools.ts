// Calculation program (Mathcad Prime): only variables marked as inputs or outputs in the worksheet are reachable.
import { z } from 'zod';
import { finite, name, path } from './common.ts';

export const ARGS = {
  open_worksheet: z.object({ path }),
  set_inputs: z.object({
    inputs: z
      .array(
        z.object({
          alias: name,
          value: z.union([finite, z.string().max(10_000)]),
          unit: z.string().max(64).optional(),
        }),
      )
      .min(1)
      .max(1000),
  }),
  read_outputs: z.object({
    outputs: z
      .array(z.object({ alias: name, unit: z.string().max(64).optional() }))
      .max(1000)
      .optional()
      .describe('Default: every output'),
  }),
  save_worksheet: z.object({ path: path.optional() }),
};

export const RESULTS = {
  open_worksheet: z.object({ path: z.string(), inputs: z.array(z.string()), outputs: z.array(z.string()) }),
  set_inputs: z.object({ set: z.array(z.string()), errors: z.int().min(0) }),
  read_outputs: z.object({
    outputs: z.array(
      z.object({ alias: z.string(), value: z.union([finite, z.string()]), unit: z.string().nullable() }),
    ),
  }),
  save_worksheet: z.object({ path: z.string() }),
};

export const DESCRIPTIONS: Record<keyof typeof ARGS, string> = {
  open_worksheet: 'Open a Mathcad Prime worksheet.',
  set_inputs: 'Set worksheet input variables (by alias) and recalculate.',
  read_outputs: 'Read worksheet output variables, optionally in given units.',
  save_worksheet: 'Save the worksheet, optionally under a new path.',
};
