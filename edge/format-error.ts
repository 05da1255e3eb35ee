// Apollo's formatError for the gateway: every GraphQL error leaving the platform, over HTTP and
// through the REST layer (which runs its operations with executeOperation) passes here once.
// - An internal error's message is replaced and its extensions dropped: what a bug or a driver
//   throws (a Prisma error quotes its SQL and parameters, the account id among them, and the
//   source file's path) is logged with the request, never answered.
// - The cost limits' refusals get their code (edge/operation-limits.ts formatLimitError).
// - In production no "Did you mean …" (edge/hide-suggestions.ts).
import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from 'pino';
import { ERROR_TABLE } from '../core/errors.ts';
import { formatLimitError } from './operation-limits.ts';
import { withoutSuggestions } from './hide-suggestions.ts';

const INTERNAL = ERROR_TABLE.INTERNAL_ERROR.graphql;
export const INTERNAL_MESSAGE = 'Internal server error';

/**
 * Codes whose message is written for the caller: the error table's (but the internal one) and
 * Apollo's own refusals of a request. Anything else (Apollo's INTERNAL_SERVER_ERROR, the gateway's
 * DOWNSTREAM_SERVICE_ERROR carrying a subgraph's raw error, no code at all) is internal.
 */
const FOR_THE_CALLER = new Set<unknown>([
  ...Object.values(ERROR_TABLE)
    .map((row) => row.graphql)
    .filter((code) => code !== INTERNAL),
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

export function formatErrorFor(options: { production: boolean; log: Logger }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    if (!FOR_THE_CALLER.has(formatted.extensions?.code)) {
      options.log.error(
        { err: unwrapResolverError(error), path: formatted.path },
        'internal error in a GraphQL operation',
      );
      return {
        message: INTERNAL_MESSAGE,
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: { code: INTERNAL },
      };
    }
    const out = formatLimitError(formatted);
    return options.production ? { ...out, message: withoutSuggestions(out.message) } : out;
  };
}
