// Prisma CLI configuration: the JavaScript schema engine talks to SQLite
// through the libSQL driver adapter, so no native engine is downloaded.
import { defineConfig } from 'prisma/config';
import { PrismaLibSQL } from '@prisma/adapter-libsql';

process.env.DATABASE_URL ??= 'file:./data/platform.db';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  adapter: async () => new PrismaLibSQL({ url: process.env.DATABASE_URL! }),
});
