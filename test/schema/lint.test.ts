// The schema clients see, held to the project's conventions by @graphql-eslint (the rules below)
// plus two of our own that no lint rule expresses: every timestamp is a DateTime, and every list
// a root field answers is a connection (cursor pagination).
import { buildSchema, isEnumType, isObjectType, getNamedType, isListType, getNullableType } from 'graphql';
import { Linter } from 'eslint';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import { describe, expect, it } from 'vitest';
import { apiSchemaSdl } from '../../schema/compose.ts';

const sdl = apiSchemaSdl();
const schema = buildSchema(sdl);

const RULES: Linter.RulesRecord = {
  '@graphql-eslint/require-description': [
    'error',
    { types: true, FieldDefinition: true, InputValueDefinition: true, EnumValueDefinition: true, rootField: true },
  ],
  '@graphql-eslint/naming-convention': [
    'error',
    {
      types: 'PascalCase',
      FieldDefinition: 'camelCase',
      InputValueDefinition: 'camelCase',
      Argument: 'camelCase',
      EnumValueDefinition: 'UPPER_CASE',
    },
  ],
  '@graphql-eslint/no-unreachable-types': 'error',
  '@graphql-eslint/no-hashtag-description': 'error',
  '@graphql-eslint/unique-enum-value-names': 'error',
};

describe('GraphQL schema conventions', () => {
  it('passes @graphql-eslint: descriptions everywhere, one casing, no unreachable types', () => {
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify(
      sdl,
      [
        {
          files: ['**/*.graphql'],
          languageOptions: { parser: graphqlPlugin.parser, parserOptions: { graphQLConfig: { schema: sdl } } },
          plugins: { '@graphql-eslint': graphqlPlugin as never },
          rules: RULES,
        },
      ],
      'api-schema.graphql',
    );
    const lines = sdl.split('\n');
    expect(messages.map((m) => `${m.ruleId}: ${m.message} (at: ${lines[m.line - 1]?.trim()})`)).toEqual([]);
  });

  it('types every timestamp as DateTime', () => {
    const wrong: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        if (/(At|^timestamp)$/.test(field.name) && getNamedType(field.type).name !== 'DateTime')
          wrong.push(`${type.name}.${field.name}: ${field.type}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('pages every list a Query root field answers, except bounded answers (retrieval results, edges of a node)', () => {
    // Bounded by their own arguments (maxFacts, lastN) or by the node: not lists a client pages through.
    // agents (the catalogue) and desktopClients (an account's few machines) are short by nature.
    const BOUNDED = new Set([
      'getMemory',
      'searchMemory',
      'entityEdges',
      'episodes',
      'projects',
      'agents',
      'desktopClients',
      'jobKinds',
    ]);
    const lists = Object.values(schema.getQueryType()!.getFields())
      .filter((f) => isListType(getNullableType(f.type)) && !BOUNDED.has(f.name))
      .map((f) => f.name);
    expect(lists).toEqual([]);
    for (const name of ['codes', 'blogPosts', 'jobs']) {
      const field = schema.getQueryType()!.getFields()[name]!;
      expect(field.args.map((a) => a.name)).toEqual(expect.arrayContaining(['first', 'after']));
      const connection = getNamedType(field.type);
      expect(isObjectType(connection) && Object.keys(connection.getFields())).toEqual(
        expect.arrayContaining(['nodes', 'pageInfo']),
      );
    }
  });

  it('has jobUpdated as the subscription type, and job(id) nullable', () => {
    expect(schema.getSubscriptionType()?.getFields().jobUpdated).toBeDefined();
    expect(String(schema.getQueryType()!.getFields().job!.type)).toBe('Job');
    for (const type of Object.values(schema.getTypeMap()))
      if (isEnumType(type) && !type.name.startsWith('__'))
        for (const v of type.getValues()) expect(v.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});
