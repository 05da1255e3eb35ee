import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { readVariables } from '../../../core/env/read.ts';
import { configurationReference, envExample } from '../../../core/env/reference.ts';
import { VARIABLES } from '../../../core/env/variables.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the environment variables, declared once', () => {
  it('read the defaults from an empty environment, frozen', () => {
    const v = readVariables({});
    expect(v.PORT).toBe(4000);
    expect(v.AGENT_PRICE_IN_PER_MTOK).toBe(2.5);
    expect(v.RUN_JOBS).toBe(true);
    expect(v.REDIS_URL).toBeNull();
    expect(Object.isFrozen(v)).toBe(true);
  });

  it('refuse a value of the wrong kind, naming every variable at fault', () => {
    expect(() => readVariables({ PORT: '2.5' })).toThrow(/PORT must be a whole number, got "2\.5"/);
    expect(() => readVariables({ RUN_JOBS: 'maybe' })).toThrow(/RUN_JOBS must be true or false/);
    expect(() => readVariables({ ZIP_MAX_ENTRIES: '0' })).toThrow(/ZIP_MAX_ENTRIES must be at least 1/);
    expect(() => readVariables({ REDIS_URL: 'localhost:6379' })).toThrow(
      /REDIS_URL must be a URL \(redis:\/\/, rediss:\/\/\)/,
    );
    expect(() => readVariables({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, error/);
    const both = () => readVariables({ PORT: 'x', JOB_CONCURRENCY: '-1' });
    expect(both).toThrow(/PORT must be a whole number.*JOB_CONCURRENCY must be at least 1/);
  });

  it('make settings that cannot be changed once loaded', () => {
    const config = loadConfig({ NODE_ENV: 'development', PORT: '0' });
    expect(Object.isFrozen(config) && Object.isFrozen(config.tiers.free)).toBe(true);
    expect(() => ((config as { publicUrl: string }).publicUrl = 'http://elsewhere')).toThrow(TypeError);
    expect(config.diagnosticJobs).toBe(true);
    expect(loadConfig({ SIGNING_SECRET: 'x' }).diagnosticJobs).toBe(false);
  });

  it('are documented by the checked-in reference page and .env.example (npm run docs)', () => {
    expect(fs.readFileSync(path.join(ROOT, 'docs/reference/configuration.md'), 'utf8')).toBe(configurationReference());
    expect(fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')).toBe(envExample());
  });

  it('are the only variables the platform’s code reads', () => {
    // Variables of the libraries we run, which the code sets for them but never reads as settings.
    const FOREIGN = new Set(['APOLLO_TELEMETRY_DISABLED']);
    const declared = new Set(Object.keys(VARIABLES));
    const undeclared: string[] = [];
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory()
            ? e.name === 'node_modules'
              ? []
              : walk(path.join(dir, e.name))
            : e.name.endsWith('.ts')
              ? [path.join(dir, e.name)]
              : [],
        );
    for (const top of ['core', 'edge', 'gateway', 'rest-compat', 'schema', 'subgraphs', 'tool-schema']) {
      for (const file of walk(path.join(ROOT, top))) {
        const source = fs.readFileSync(file, 'utf8');
        for (const m of source.matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[['"]([A-Z_][A-Z0-9_]*)['"]\])/g)) {
          const name = m[1] ?? m[2]!;
          if (!declared.has(name) && !FOREIGN.has(name)) undeclared.push(`${path.relative(ROOT, file)}: ${name}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});
