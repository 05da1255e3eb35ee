import { createHash } from 'node:crypto';

/** Sends `bytes` as the $file variable of diagnosticUpload, per the GraphQL multipart request spec. */
export async function uploadThroughGateway(url: string, key: string, bytes: Buffer, filename = 'sample.pdf') {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($file: Upload!) { diagnosticUpload(file: $file) { filename mimetype size sha256 } }',
      variables: { file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([bytes as unknown as BlobPart], { type: 'application/pdf' }), filename);
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
  });
  return { status: res.status, body: await res.json() };
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
