// The configuration reference page and .env.example, written from the declarations
// (core/env/variables.ts) so that neither can go stale: npm run docs writes both, and
// test/core/env/variables.test.ts fails when a checked-in copy differs from what this renders.
import { VARIABLE_GROUPS } from './variables.ts';
import type { Variable } from './define.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/reference/configuration.md */
export function configurationReference(): string {
  const out = [
    '# Configuration',
    '',
    '<!-- Generated from core/env/variables.ts by `npm run docs`: edit the declarations, not this page. -->',
    '',
    'Every setting is an environment variable, declared once in `core/env/variables.ts` with its kind, default',
    'and meaning; the defaults run everything locally. Each is read and checked when the process starts: a',
    'value of the wrong kind (a fraction where a whole number is meant, a word where a flag is) stops the',
    'start with an error naming the variable. Copy `.env.example` for a file of them all.',
    '',
    '`APOLLO_TELEMETRY_DISABLED=1` is set by default: the gateway never calls out.',
  ];
  for (const [group, variables] of Object.entries(VARIABLE_GROUPS)) {
    out.push('', `## ${group}`, '', '| variable | default | meaning |', '|---|---|---|');
    for (const [name, v] of Object.entries(variables as Record<string, Variable<unknown>>)) {
      const shown = v.secret ? '— (secret)' : v.shown === '' ? '—' : `\`${v.shown}\``;
      out.push(`| \`${name}\` | ${cell(shown)} | ${cell(v.doc)} |`);
    }
  }
  return out.join('\n') + '\n';
}

/** .env.example: every variable, commented out at its default. */
export function envExample(): string {
  const out = [
    '# Every environment variable of the platform, at its default (generated from core/env/variables.ts',
    '# by npm run docs). Uncomment and set what you need; docs/reference/configuration.md explains each.',
  ];
  for (const [group, variables] of Object.entries(VARIABLE_GROUPS)) {
    out.push('', `# --- ${group}`);
    for (const [name, v] of Object.entries(variables as Record<string, Variable<unknown>>)) {
      out.push(`# ${v.doc}`, `# ${name}=${v.secret ? '' : v.shown}`);
    }
  }
  return out.join('\n') + '\n';
}
