import { expect, it } from 'vitest';
import { AppError, ERROR_TABLE, codeFromGraphql, statusOf } from '../../core/errors.ts';

it('maps every code to one HTTP status and one GraphQL code, both ways', () => {
  const graphqlCodes = Object.values(ERROR_TABLE).map((r) => r.graphql);
  expect(new Set(graphqlCodes).size).toBe(graphqlCodes.length);
  for (const [code, row] of Object.entries(ERROR_TABLE)) {
    expect(codeFromGraphql(row.graphql)).toBe(code);
    expect(row.status).toBeGreaterThanOrEqual(400);
  }
  expect(statusOf('JOB_NOT_FOUND')).toBe(404);
  expect(statusOf('RATE_LIMITED')).toBe(429);
  expect(codeFromGraphql('SOMETHING_ELSE')).toBe('INTERNAL_ERROR');
});

it('carries code and details into GraphQL extensions and the hosted envelope', () => {
  const err = new AppError('FORMULA_PARSE_ERROR', 'bad', { element_index: 2 });
  expect(err.extensions).toEqual({ code: 'FORMULA_PARSE_ERROR', details: { element_index: 2 } });
  expect(err.toEnvelope()).toEqual({
    error: { code: 'FORMULA_PARSE_ERROR', message: 'bad', details: { element_index: 2 } },
  });
});
