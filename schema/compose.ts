// Composes schema/*.graphql (one per subgraph) into schema/supergraph.graphql.
// `npm run compose` writes it; `--check` fails when the checked-in file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeServices } from '@apollo/composition';
import { parse, printSchema } from 'graphql';

export const SCHEMA_DIR = path.dirname(fileURLToPath(import.meta.url));
export const SUBGRAPH_NAMES = ['content', 'documents', 'drawings', 'memory', 'agents'] as const;
export type SubgraphName = (typeof SUBGRAPH_NAMES)[number];
export const SUPERGRAPH_FILE = path.join(SCHEMA_DIR, 'supergraph.graphql');

export function subgraphSdl(name: SubgraphName): string {
  return fs.readFileSync(path.join(SCHEMA_DIR, `${name}.graphql`), 'utf8');
}

/** Composes the subgraph SDL files; throws with every composition error. */
function compose() {
  const result = composeServices(
    SUBGRAPH_NAMES.map((name) => ({ name, url: `http://${name}.local/graphql`, typeDefs: parse(subgraphSdl(name)) })),
  );
  if (result.errors) throw new Error(`Composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  return result;
}

export function composeSupergraph(): string {
  return compose().supergraphSdl;
}

/** The schema clients see (introspection, Sandbox, codegen): the supergraph without federation's machinery. */
export function apiSchemaSdl(): string {
  return printSchema(compose().schema.toAPISchema().toGraphQLJSSchema());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fresh = composeSupergraph();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(SUPERGRAPH_FILE) ? fs.readFileSync(SUPERGRAPH_FILE, 'utf8') : '';
    if (current !== fresh) {
      console.error('schema/supergraph.graphql is stale: run npm run compose');
      process.exit(1);
    }
    console.log('supergraph is up to date');
  } else {
    fs.writeFileSync(SUPERGRAPH_FILE, fresh);
    console.log(`wrote ${path.relative(process.cwd(), SUPERGRAPH_FILE)}`);
  }
}
