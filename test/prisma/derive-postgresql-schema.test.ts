// prisma/postgresql/schema.prisma is derived from prisma/schema.prisma (npm run db:derive): the
// checked-in file must be what the derivation writes now, or the PostgreSQL client would lag the model.
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { derivePostgresqlSchema, SOURCE, TARGET } from '../../prisma/derive-postgresql-schema.ts';

it('the PostgreSQL schema is the data model with the PostgreSQL provider (run npm run db:derive when this fails)', () => {
  const derived = derivePostgresqlSchema(fs.readFileSync(SOURCE, 'utf8'));
  expect(fs.readFileSync(TARGET, 'utf8')).toBe(derived);
  expect(derived).toContain('provider = "postgresql"');
  expect(derived).not.toContain('provider = "sqlite"');
  // Every model of the source is there, unchanged.
  const models = (text: string) => text.match(/^model \w+ \{[\s\S]*?^\}/gm) ?? [];
  expect(models(derived)).toEqual(models(fs.readFileSync(SOURCE, 'utf8')));
  expect(models(derived).length).toBeGreaterThan(10);
});
