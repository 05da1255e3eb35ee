// Writes prisma/postgresql/schema.prisma from prisma/schema.prisma, the one
// data model: Prisma takes the provider as a literal (no env()), and its query
// compiler is per provider, so PostgreSQL needs a schema file and a generated
// client of its own. Only the header differs: the provider, and the client's
// output beside the embedded one. `npm run db:derive` rewrites it;
// test/prisma/derive-postgresql-schema.test.ts fails when it is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SOURCE = path.join(here, 'schema.prisma');
export const TARGET = path.join(here, 'postgresql', 'schema.prisma');

const HEADER = `// GENERATED from prisma/schema.prisma by prisma/derive-postgresql-schema.ts (npm run db:derive):
// edit that file, not this one. The PostgreSQL engine's client (DATABASE_URL=postgres://…).`;

export function derivePostgresqlSchema(source: string): string {
  const generator = /generator client \{[^}]*\}/;
  const datasource = /datasource db \{[^}]*\}/;
  if (!generator.test(source) || !datasource.test(source))
    throw new Error('prisma/schema.prisma: no generator client or datasource db block');
  const body = source
    .replace(/^(\/\/[^\n]*\n)+/, '')
    .replace(
      generator,
      `generator client {\n  provider   = "prisma-client-js"\n  engineType = "client"\n  output     = "../../node_modules/.prisma/client-postgresql"\n}`,
    )
    .replace(datasource, `datasource db {\n  provider = "postgresql"\n  url      = env("DATABASE_URL")\n}`);
  return `${HEADER}\n\n${body.trimStart()}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.mkdirSync(path.dirname(TARGET), { recursive: true });
  fs.writeFileSync(TARGET, derivePostgresqlSchema(fs.readFileSync(SOURCE, 'utf8')));
  console.log(`wrote ${path.relative(process.cwd(), TARGET)}`);
}
