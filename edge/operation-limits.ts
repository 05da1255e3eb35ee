// Cost limits of a GraphQL operation, applied identically to operations over
// HTTP (Apollo's parse options and validation rules) and over graphql-ws
// (checkSubscription below): a document's token count is capped while it is
// parsed, so no parse recurses deep or runs long; then graphql-armor's rules
// cap selection depth, aliases, directives and the operation's total cost. An
// operation past a limit is refused before anything runs, with 400
// QUERY_TOO_COMPLEX naming the limit. The limits are in core/limits.ts.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { LIMITS } from '../core/limits.ts';
import { ERROR_TABLE } from '../core/errors.ts';

export const PARSE_OPTIONS = { maxTokens: LIMITS.graphqlMaxTokens };

const TOO_COMPLEX = ERROR_TABLE.QUERY_TOO_COMPLEX.graphql;

/** graphql-js's message when a document passes PARSE_OPTIONS.maxTokens. */
const TOKEN_LIMIT_MESSAGE = /Document contains more that \d+ tokens/;

/**
 * An armor rule's options that report its refusal as a validation error (armor
 * throws by default, which Apollo would answer as a 500), tagged with the limit
 * it names so formatError can give it its own code.
 */
function reporting(limit: string) {
  return {
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(
          new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: TOO_COMPLEX, limit } }),
        ),
    ],
  };
}

export const LIMIT_RULES: readonly ValidationRule[] = [
  maxDepthRule({ n: LIMITS.graphqlMaxDepth, flattenFragments: true, ...reporting('depth') }),
  maxAliasesRule({ n: LIMITS.graphqlMaxAliases, ...reporting('aliases') }),
  maxDirectivesRule({ n: LIMITS.graphqlMaxDirectives, ...reporting('directives') }),
  costLimitRule({ maxCost: LIMITS.graphqlMaxCost, ...reporting('cost') }),
];

/**
 * Apollo's formatError: a validation error from LIMIT_RULES, or a parse that
 * hit the token cap, is answered as QUERY_TOO_COMPLEX (Apollo labels both with
 * its generic parse/validation codes).
 */
export function formatLimitError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const ext = formatted.extensions ?? {};
  if (ext.limit || (ext.code === 'GRAPHQL_PARSE_FAILED' && TOKEN_LIMIT_MESSAGE.test(formatted.message))) {
    return { ...formatted, extensions: { ...ext, code: TOO_COMPLEX, limit: ext.limit ?? 'tokens' } };
  }
  return formatted;
}

/**
 * Points an operation costs against its key's budget: a mutation costs one per
 * root field it selects (aliases and fragments included), since each may
 * create a job; any other operation costs one.
 */
export function pointsFor(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode | undefined>,
): number {
  if (operation.operation !== 'mutation') return 1;
  const seen = new Set<string>();
  const count = (set: SelectionSetNode): number => {
    let n = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) n += s.name.value === '__typename' ? 0 : 1;
      else if (s.kind === Kind.INLINE_FRAGMENT) n += count(s.selectionSet);
      else if (!seen.has(s.name.value) && fragments[s.name.value]) {
        seen.add(s.name.value);
        n += count(fragments[s.name.value]!.selectionSet);
      }
    }
    return n;
  };
  return Math.max(1, count(operation.selectionSet));
}

export const fragmentsOf = (document: DocumentNode): Record<string, FragmentDefinitionNode> =>
  Object.fromEntries(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );

/**
 * What graphql-ws runs before a subscription starts, the same parse and
 * validation as HTTP: token cap, the spec's rules, the limit rules, and in
 * production no introspection and no "Did you mean" suggestions. Only
 * subscriptions are served over the socket; queries and mutations go over HTTP.
 */
export function checkSubscription(
  schema: GraphQLSchema,
  query: string,
  operationName: string | null | undefined,
  production: boolean,
): { document: DocumentNode; operation: OperationDefinitionNode } | { errors: GraphQLError[] } {
  let document: DocumentNode;
  try {
    document = parse(query, PARSE_OPTIONS);
  } catch (err) {
    const message = (err as Error).message;
    const code = TOKEN_LIMIT_MESSAGE.test(message) ? TOO_COMPLEX : 'GRAPHQL_PARSE_FAILED';
    return {
      errors: [
        new GraphQLError(message, { extensions: { code, ...(code === TOO_COMPLEX ? { limit: 'tokens' } : {}) } }),
      ],
    };
  }
  const rules = [...specifiedRules, ...LIMIT_RULES, ...(production ? [NoSchemaIntrospectionCustomRule] : [])];
  const invalid = validate(schema, document, rules, { hideSuggestions: production });
  if (invalid.length) {
    return {
      errors: invalid.map(
        (e) =>
          new GraphQLError(e.message, {
            nodes: e.nodes,
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED', ...e.extensions },
          }),
      ),
    };
  }
  const operation = getOperationAST(document, operationName);
  if (!operation)
    return { errors: [new GraphQLError('Name the operation to run', { extensions: { code: 'BAD_USER_INPUT' } })] };
  if (operation.operation !== 'subscription') {
    return {
      errors: [
        new GraphQLError(
          `graphql-ws serves subscriptions; send ${operation.operation} operations over HTTP POST /graphql`,
          { extensions: { code: 'BAD_USER_INPUT' } },
        ),
      ],
    };
  }
  return { document, operation };
}
