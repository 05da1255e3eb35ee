// Issue 11, item 1: a multipart body cut off inside the file part killed the
// process (busboy's error on the file stream had no listener). Now it is a 400
// naming `file`, on the REST route and on the GraphQL upload path, and the
// server keeps answering. Item 9's upload half: the limit is enforced while
// streaming, so an oversized file is refused before the rest is read.
import { expect, it } from 'vitest';
import { serverWithKey } from '../helpers/server.ts';
import { answersWithin, rawRequest } from '../helpers/raw-http.ts';

const s = serverWithKey('pro', { UPLOAD_LIMIT_BYTES: String(1024 * 1024) });

const TRUNCATED =
  '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc';

it('a multipart body cut off inside the file part is a 400 naming file, and the process stays up (REST)', async () => {
  const res = await rawRequest(
    `${s.server.url}/v1/drawings`,
    'POST',
    {
      authorization: `Bearer ${s.key}`,
      'content-type': 'multipart/form-data; boundary=XX',
      'content-length': Buffer.byteLength(TRUNCATED),
    },
    TRUNCATED,
  );
  expect(res.status).toBe(400);
  const body = JSON.parse(res.body);
  expect(body.error.code).toBe('VALIDATION_ERROR');
  expect(body.error.details.field).toBe('file');
  expect(await answersWithin(`${s.server.memoryUrl}/healthcheck`, 15_000)).toBeLessThan(15_000); // still answering: healthy in milliseconds, a frozen server never
  expect((await s.server.rest('/v1/codes')).status).toBe(200);
});

it('the same truncated body on the GraphQL upload path is a VALIDATION_ERROR naming file, and the process stays up', async () => {
  const operations = JSON.stringify({
    query: 'mutation($file: Upload!) { diagnosticUpload(file: $file) { size } }',
    variables: { file: null },
  });
  const body =
    `--XX\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
    `--XX\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
    `--XX\r\nContent-Disposition: form-data; name="0"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc`;
  const res = await rawRequest(
    `${s.server.url}/graphql`,
    'POST',
    {
      authorization: `Bearer ${s.key}`,
      'apollo-require-preflight': 'true',
      'content-type': 'multipart/form-data; boundary=XX',
      'content-length': Buffer.byteLength(body),
    },
    body,
  );
  // The operation runs (its map arrived); the resolver reading the file gets the client's error, named.
  const error = JSON.parse(res.body).errors[0];
  expect(error.extensions.code).toBe('VALIDATION_ERROR');
  expect(error.extensions.details.field).toBe('file');
  expect(await answersWithin(`${s.server.memoryUrl}/healthcheck`, 15_000)).toBeLessThan(15_000); // still answering: healthy in milliseconds, a frozen server never
  expect((await s.server.rest('/v1/codes')).status).toBe(200);
});

it('a file over the upload limit is refused with 413 while streaming, before the rest of the body is sent', async () => {
  // Announce 20 MB but send only the first 2 MB: the answer must come without the rest.
  const head =
    '--XX\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n';
  const sent = Buffer.concat([Buffer.from(head), Buffer.alloc(2 * 1024 * 1024, 0x41)]);
  const res = await rawRequest(
    `${s.server.url}/v1/drawings`,
    'POST',
    {
      authorization: `Bearer ${s.key}`,
      'content-type': 'multipart/form-data; boundary=XX',
      'content-length': 20 * 1024 * 1024,
    },
    sent,
  );
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  expect(JSON.parse(res.body).error.details.field).toBe('file');
  expect(await answersWithin(`${s.server.memoryUrl}/healthcheck`, 15_000)).toBeLessThan(15_000); // still answering: healthy in milliseconds, a frozen server never
});
