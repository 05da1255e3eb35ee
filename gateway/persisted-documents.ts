// Persisted documents: the operator's list of the GraphQL documents its own front ends send, by their
// SHA-256 hash. A client sends the hash instead of the text (Apollo's persisted-query protocol,
// `extensions.persistedQuery.sha256Hash`); a known hash is answered without parsing (its document is
// parsed and validated once, when the schema loads), an unknown one gets PERSISTED_QUERY_NOT_FOUND.
// Modes (PERSISTED_DOCUMENTS_MODE):
//   accept     listed hashes are answered; any other document is too (and Apollo's automatic
//              persisted queries still register new ones), as without a list;
//   allowlist  only listed documents run, sent by hash or as text; nothing registers at run time. A
//              document an attacker writes (deep, wide, costly) is refused before it is parsed;
//   require-id only hashes are accepted.
// The list is a JSON file in either of the two formats clients' build tools write: an object of
// hash → document (GraphQL Code Generator's persisted documents), or Apollo's persisted query
// manifest ({format: "apollo-persisted-query-manifest", version: 1, operations: [{id, body}]}).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import {
  parse,
  printSchema,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ParseOptions,
  type ValidationRule,
} from 'graphql';
import type { PersistedMode } from '../core/config.ts';
import { AppError } from '../core/errors.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Reads a list file: hash → document text. Every hash must be the SHA-256 of its text. */
export function readPersistedDocuments(file: string): Map<string, string> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`PERSISTED_DOCUMENTS: cannot read ${file} as JSON: ${(err as Error).message}`);
  }
  const entries: [string, unknown][] =
    raw && typeof raw === 'object' && (raw as { format?: unknown }).format === 'apollo-persisted-query-manifest'
      ? (((raw as { operations?: unknown }).operations as { id?: unknown; body?: unknown }[] | undefined) ?? []).map(
          (op) => [String(op.id), op.body],
        )
      : Object.entries(raw as Record<string, unknown>);
  const documents = new Map<string, string>();
  for (const [hash, text] of entries) {
    if (typeof text !== 'string')
      throw new Error(`PERSISTED_DOCUMENTS: the entry ${hash} of ${file} has no document text`);
    const key = hash.replace(/^sha256:/, '').toLowerCase();
    if (sha256(text) !== key)
      throw new Error(`PERSISTED_DOCUMENTS: the entry ${hash} of ${file} is not the SHA-256 of its document`);
    documents.set(key, text);
  }
  return documents;
}

export interface PersistedDocuments {
  mode: PersistedMode;
  /** For Apollo Server's `persistedQueries.cache`: listed documents, then (mode accept) what clients register. */
  cache: KeyValueCache<string>;
  /** A subscription's document over graphql-ws: its text, a listed hash's text, or null for an unknown hash. */
  resolve(payload: { query?: string; extensions?: Record<string, unknown> | null }): string | null;
  /** Refuses a request the mode does not allow: sent as text (`query`) or as a hash. */
  check(request: { query?: string; hash?: string }): void;
  /** Parses and validates every listed document into Apollo's document store for this schema. */
  prewarm(
    schema: GraphQLSchema,
    store: KeyValueCache<DocumentNode>,
    rules: readonly ValidationRule[],
    parseOptions: ParseOptions,
  ): number;
}

// Apollo Server prefixes its persisted-query cache keys.
const APQ_PREFIX = 'apq:';

export function persistedDocuments(
  documents: Map<string, string>,
  mode: PersistedMode,
  registered: KeyValueCache<string>,
): PersistedDocuments {
  const cache: KeyValueCache<string> = {
    async get(key) {
      const hash = key.startsWith(APQ_PREFIX) ? key.slice(APQ_PREFIX.length) : key;
      return documents.get(hash) ?? (mode === 'accept' ? registered.get(key) : undefined);
    },
    async set(key, value, options) {
      if (mode === 'accept') await registered.set(key, value, options);
    },
    async delete(key) {
      return registered.delete(key);
    },
  };
  return {
    mode,
    cache,
    resolve({ query, extensions }) {
      const hash = (extensions?.persistedQuery as { sha256Hash?: unknown } | undefined)?.sha256Hash;
      if (typeof hash === 'string' && !query) return documents.get(hash) ?? null;
      return query ?? null;
    },
    check({ query, hash }) {
      if (mode === 'accept') return;
      if (query === undefined) return; // a hash alone: unknown ones are Apollo's PERSISTED_QUERY_NOT_FOUND
      if (mode === 'require-id')
        throw new AppError(
          'PERSISTED_QUERY_ID_REQUIRED',
          'This server runs only listed documents, sent by hash: send extensions.persistedQuery.sha256Hash without the query text',
        );
      if (!documents.has(hash ?? sha256(query)))
        throw new AppError('QUERY_NOT_IN_SAFELIST', "This document is not on the server's list of persisted documents");
    },
    prewarm(schema, store, rules, parseOptions) {
      // Apollo Server keys a document store it was given by the hash of the printed API schema.
      const prefix = `${sha256(printSchema(schema))}:`;
      let stored = 0;
      for (const [hash, text] of documents) {
        let document: DocumentNode;
        try {
          document = parse(text, parseOptions);
        } catch {
          continue; // answered with its syntax error when asked for, as any document
        }
        if (validate(schema, document, [...specifiedRules, ...rules]).length) continue;
        void store.set(prefix + hash, document);
        stored++;
      }
      return stored;
    },
  };
}
