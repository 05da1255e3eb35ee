// Text that no store can keep (an unpaired UTF-16 surrogate, a NUL: core/validation.ts
// unstorableText) is refused at the edge with 400 VALIDATION_ERROR naming where it is, instead of
// reaching a driver that fails on it with a 500. REST and the memory service check their input
// as they parse it; this checks GraphQL operations, over HTTP (an Apollo plugin) and over the
// socket (gateway/graphql-ws.ts): the variables, and the string literals of the document
// (graphql-js refuses a lone surrogate in a document, but not an escaped NUL).
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, visit, type DocumentNode, type StringValueNode } from 'graphql';
import type { RequestContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { fieldPath, unstorableText } from '../core/validation.ts';
import { graphqlHttpError } from './render-error.ts';

/**
 * The document's verdict, by document: Apollo's document store hands the same parsed object to
 * every request of a document, so its string literals are walked once, not on every request.
 */
const literals = new WeakMap<DocumentNode, string | null>();

function unstorableLiteral(document: DocumentNode): string | null {
  let found = literals.get(document);
  if (found !== undefined) return found;
  found = null;
  visit(document, {
    [Kind.STRING]: (node: StringValueNode) => {
      const problem = unstorableText(node.value);
      if (problem && found === null) {
        const where = node.loc ? ` at line ${node.loc.startToken.line}, column ${node.loc.startToken.column}` : '';
        found = `query: the string${where} ${problem.message}`;
      }
    },
  });
  literals.set(document, found);
  return found;
}

export function unstorableInOperation(
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
): AppError | null {
  const bad = unstorableText(variables ?? {});
  if (bad) {
    const field = fieldPath(['variables', ...bad.path]);
    return new AppError('VALIDATION_ERROR', `${field}: ${bad.message}`, { field });
  }
  const literal = unstorableLiteral(document);
  return literal === null ? null : new AppError('VALIDATION_ERROR', literal, { field: 'query' });
}

export function storableTextPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          const refused = unstorableInOperation(document, request.variables);
          if (refused) throw graphqlHttpError(refused);
        },
      };
    },
  };
}
