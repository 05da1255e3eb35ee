import { expect, it } from 'vitest';
import { checkSignature, signature, signedPath } from '../../../core/files/signing.ts';

const id = '0b0f7f8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

it('accepts its own links until they expire and refuses altered ones', () => {
  const expiresAt = new Date(Date.now() + 60_000);
  const url = new URL('http://x' + signedPath('s3cret', id, 'a b.txt', expiresAt));
  expect(url.pathname).toBe(`/files/${id}/a%20b.txt`);
  const expires = url.searchParams.get('expires')!;
  const sig = url.searchParams.get('sig')!;
  expect(checkSignature('s3cret', id, expires, sig)).toBe('valid');
  expect(checkSignature('other', id, expires, sig)).toBe('invalid');
  expect(checkSignature('s3cret', id.replace('0b', '0c'), expires, sig)).toBe('invalid');
  expect(checkSignature('s3cret', id, String(Number(expires) + 1), sig)).toBe('invalid');
  expect(checkSignature('s3cret', id, expires, undefined)).toBe('invalid');
  expect(checkSignature('s3cret', id, '12abc', sig)).toBe('invalid');
  expect(checkSignature('s3cret', id, expires, sig, Date.now() + 120_000)).toBe('expired');
  expect(sig).toBe(signature('s3cret', id, Number(expires)));
});
