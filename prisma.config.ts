// Prisma CLI configuration: the JavaScript schema engine talks to the database
// through a driver adapter, so no native engine is downloaded. DATABASE_URL
// picks the engine, as it does for the application (core/db/client.ts):
// postgres:// or postgresql:// uses the PostgreSQL schema and migrations
// (prisma/postgresql/, derived from prisma/schema.prisma), anything else the
// embedded libSQL ones.
import { defineConfig } from 'prisma/config';
import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { cliPostgresAdapter } from './core/db/postgres/cli-adapter.ts';

process.env.DATABASE_URL ??= 'file:./data/platform.db';
const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL);

export default defineConfig(
  postgres
    ? {
        experimental: { adapter: true },
        engine: 'js',
        schema: 'prisma/postgresql/schema.prisma',
        migrations: { path: 'prisma/postgresql/migrations' },
        adapter: async () => cliPostgresAdapter(process.env.DATABASE_URL!),
      }
    : {
        experimental: { adapter: true },
        engine: 'js',
        schema: 'prisma/schema.prisma',
        migrations: { path: 'prisma/migrations' },
        adapter: async () => new PrismaLibSQL({ url: process.env.DATABASE_URL! }),
      },
);
