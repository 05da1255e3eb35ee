// The OAuth endpoints of gateway/oauth.ts as OpenAPI 3.1 paths, for /openapi.json: the only REST
// a client outside GraphQL needs besides the spec's paths (a desktop app signing in). They are
// express routes, not route-table entries (they answer OAuth's own error shape and HTML pages),
// so their contract is written here, beside them, and merged into the generated document.
import { jsonResponse as json, publicOperation } from './openapi-parts.ts';

const formOrJson = (schema: object) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
});
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** RFC 6749 §5.2's error body, which every OAuth client library reads. */
const oauthError = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'string',
      enum: [
        'invalid_request',
        'invalid_client',
        'invalid_grant',
        'unsupported_grant_type',
        'authorization_pending',
        'slow_down',
        'expired_token',
        'access_denied',
        'temporarily_unavailable',
      ],
    },
    error_description: { type: 'string' },
  },
};
const tokens = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in', 'refresh_token'],
  properties: {
    access_token: {
      type: 'string',
      description: 'at_…: accepted wherever an API key is, with the approving key’s account and tier',
    },
    token_type: { type: 'string', const: 'Bearer' },
    expires_in: { type: 'integer', description: 'Seconds (OAUTH_ACCESS_TTL_S)' },
    refresh_token: { type: 'string', description: 'Rotated on every refresh (OAUTH_REFRESH_TTL_S)' },
  },
};
const query = (name: string, description: string, required = true, schema: object = { type: 'string' }) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
const errors = {
  '400': json('OAuth error', oauthError),
  '429': json('Over the per-address budget (Retry-After header)', oauthError),
};
const base = publicOperation('oauth');

export const OAUTH_OPENAPI_PATHS: Record<string, Record<string, object>> = {
  '/oauth/authorize': {
    get: {
      ...base,
      summary: 'Native-app sign-in (authorization code with PKCE, RFC 8252 loopback redirect): the sign-in page',
      parameters: [
        query('response_type', 'code', true, { type: 'string', const: 'code' }),
        query('client_id', 'The native client (structural-desktop)'),
        query('redirect_uri', 'http://127.0.0.1:<port>/… or http://[::1]:<port>/… (any port; localhost is refused)'),
        query('code_challenge', 'BASE64URL(SHA-256(code_verifier))'),
        query('code_challenge_method', 'S256 only', true, { type: 'string', const: 'S256' }),
        query('state', 'Echoed on the redirect', false),
      ],
      responses: {
        '200': html(
          'The sign-in page: account key and consent; the request stays open OAUTH_PENDING_TTL_MS (5 minutes)',
        ),
        '302': { description: 'A bad request whose redirect_uri is valid: back to the app with error and state' },
        '400': html('A bad request that cannot be redirected: the page names the field'),
        '401': html('Unknown client'),
        '429': json('Over the per-address budget (Retry-After header)', oauthError),
      },
    },
    post: {
      ...base,
      summary:
        "The sign-in page's form: Allow redirects to the loopback with code and state, Deny with error=access_denied",
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['request_id'],
              properties: {
                request_id: { type: 'string' },
                account_key: { type: 'string' },
                decision: { type: 'string', enum: ['allow', 'deny'] },
              },
            },
          },
        },
      },
      responses: {
        '303': { description: 'To the redirect_uri with code and state (or error=access_denied)' },
        '400': html('The request expired: the page says to select Try Again'),
        '401': html('The account key is not valid'),
      },
    },
  },
  '/oauth/token': {
    post: {
      ...base,
      summary: 'Exchanges a code (with its PKCE verifier), a refresh token or a device code for tokens',
      requestBody: formOrJson({
        type: 'object',
        required: ['grant_type', 'client_id'],
        properties: {
          grant_type: {
            type: 'string',
            enum: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
          },
          client_id: { type: 'string' },
          code: { type: 'string' },
          redirect_uri: { type: 'string' },
          code_verifier: { type: 'string' },
          refresh_token: { type: 'string' },
          device_code: { type: 'string' },
        },
      }),
      responses: {
        '200': json('Tokens (Cache-Control: no-store)', tokens),
        '401': json('Unknown client', oauthError),
        ...errors,
      },
    },
  },
  '/oauth/revoke': {
    post: {
      ...base,
      summary:
        'Logout: ends the grant of an access or refresh token (RFC 7009: an unknown or empty token is answered 200 too)',
      requestBody: formOrJson({ type: 'object', required: ['token'], properties: { token: { type: 'string' } } }),
      responses: { '200': json('Revoked', { type: 'object' }), ...errors },
    },
  },
  '/oauth/device_authorization': {
    post: {
      ...base,
      summary: 'Device authorization (RFC 8628), where the loopback redirect is blocked',
      requestBody: formOrJson({
        type: 'object',
        required: ['client_id'],
        properties: { client_id: { type: 'string' } },
      }),
      responses: {
        '200': json('The codes to show and poll with', {
          type: 'object',
          required: [
            'device_code',
            'user_code',
            'verification_uri',
            'verification_uri_complete',
            'expires_in',
            'interval',
          ],
          properties: {
            device_code: { type: 'string' },
            user_code: { type: 'string', description: 'XXXX-XXXX' },
            verification_uri: { type: 'string' },
            verification_uri_complete: { type: 'string' },
            expires_in: { type: 'integer', description: '300' },
            interval: { type: 'integer', description: 'Seconds between polls of /oauth/token' },
          },
        }),
        '401': json('Unknown client', oauthError),
        ...errors,
      },
    },
  },
  '/oauth/device': {
    get: {
      ...base,
      summary: 'The device page: the code, an account key, Allow or Deny',
      parameters: [query('user_code', 'The code the app shows', false)],
      responses: { '200': html('The device page') },
    },
    post: {
      ...base,
      summary: "The device page's form",
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['user_code'],
              properties: {
                user_code: { type: 'string' },
                account_key: { type: 'string' },
                decision: { type: 'string', enum: ['allow', 'deny'] },
              },
            },
          },
        },
      },
      responses: {
        '200': html('Connected, or declined'),
        '400': html('The code expired or was used'),
        '401': html('The account key is not valid'),
      },
    },
  },
};
