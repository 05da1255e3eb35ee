// Reads every declared variable (core/env/variables.ts) from an environment once: each is parsed by
// its schema, the failures of all of them are reported together, each naming its variable, and the
// result is frozen. A variable the platform reads is read here and nowhere else.
import type { z } from 'zod';
import { VARIABLES, type VariableName } from './variables.ts';

export type Variables = { readonly [K in VariableName]: z.output<(typeof VARIABLES)[K]['schema']> };

const read = new WeakMap<object, Variables>();

/** The declared variables of `env`, parsed and frozen; the same object for the same environment. */
export function readVariables(env: NodeJS.ProcessEnv = process.env): Variables {
  const known = read.get(env);
  if (known) return known;
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, variable] of Object.entries(VARIABLES)) {
    const raw = env[name];
    const parsed = variable.schema.safeParse(raw);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}, got ${JSON.stringify(raw)}`);
  }
  if (problems.length)
    throw new Error(`Invalid environment variable${problems.length > 1 ? 's' : ''}: ${problems.join('; ')}`);
  const frozen = Object.freeze(values) as Variables;
  // process.env changes under a test that sets a variable: read it again then, not from the cache.
  if (env !== process.env) read.set(env, frozen);
  return frozen;
}
