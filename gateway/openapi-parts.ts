// Building blocks of the OpenAPI paths written by hand for the express routes that sit outside
// the route table (the OAuth endpoints in gateway/oauth-openapi.ts, the desktop release in
// gateway/desktop-release.ts): one way to say "public operation", "JSON response" and "the
// hosted error envelope", so the hand-written paths read like each other.

/** An operation anyone may call (no API key, per-address budget), filed under `tag`. */
export const publicOperation = (tag: string) => ({ tags: [tag], security: [] });

/** A response whose body is JSON of `schema`. */
export const jsonResponse = (description: string, schema: object) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The hosted API's error body, `{ error: { code, message, details? } }` (edge/render-error.ts). */
export const HOSTED_ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' } },
    },
  },
};

/** A response carrying the hosted error envelope. */
export const hostedErrorResponse = (description: string) => jsonResponse(description, HOSTED_ERROR_SCHEMA);
