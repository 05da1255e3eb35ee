// The PostgreSQL adapter for the Prisma CLI (prisma.config.ts), with the two
// fixes its JavaScript schema engine needs on 6.19 (platform notes, §7):
// - adapter-pg does not map PostgreSQL's catalog types (name, "char", oid
//   aliases…), so `migrate deploy`/`diff` fail with "Column type 'name' could
//   not be deserialized" (prisma/orm#27403): those columns are reported as text;
// - the shadow database's pool is built from `{...config, database}`, where a
//   connectionString would override the database and send the shadow work to
//   the main one: the config is given as discrete fields instead.
// The application itself never uses this: it applies migrations with
// core/db/migrate.ts and queries through core/db/client.ts.
import { PrismaPg } from '@prisma/adapter-pg';
import { parse } from 'pg-connection-string';

const TEXT = 25;
const TEXT_ARRAY = 1009;
/** name, char, int2vector, regproc, oidvector, "char" (18), regclass-like aliases. */
const AS_TEXT = new Set([18, 19, 22, 24, 30, 194, 2205, 2206]);
const AS_TEXT_ARRAY = new Set([1002, 1003]);

type Field = { dataTypeID: number };
type Queryable = { performIO(query: unknown): Promise<{ fields: Field[] }> };

let patched = false;
function reportCatalogTypesAsText(adapter: object): void {
  if (patched) return;
  let proto: object | null = adapter;
  while (proto && !Object.hasOwn(proto, 'performIO')) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error('adapter-pg changed: no performIO to patch (see core/db/postgres/cli-adapter.ts)');
  const owner = proto as Queryable;
  const original = owner.performIO;
  owner.performIO = async function (this: Queryable, query: unknown) {
    const result = await original.call(this, query);
    for (const f of result.fields) {
      if (AS_TEXT.has(f.dataTypeID)) f.dataTypeID = TEXT;
      else if (AS_TEXT_ARRAY.has(f.dataTypeID)) f.dataTypeID = TEXT_ARRAY;
    }
    return result;
  };
  patched = true;
}

export function cliPostgresAdapter(url: string): PrismaPg {
  const c = parse(url);
  const factory = new PrismaPg({
    host: c.host ?? undefined,
    port: c.port ? Number(c.port) : undefined,
    user: c.user ?? undefined,
    password: c.password ?? undefined,
    database: c.database ?? undefined,
    // The CLI waits for idle connections to close before it exits.
    idleTimeoutMillis: 200,
  });
  for (const method of ['connect', 'connectToShadowDb'] as const) {
    const original = factory[method].bind(factory);
    factory[method] = async () => {
      const adapter = await original();
      reportCatalogTypesAsText(adapter);
      return adapter;
    };
  }
  return factory;
}
