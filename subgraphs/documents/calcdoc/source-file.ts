// base64 source files (sourceFile) of generate_pdf, read and convert: decoded and
// recognised at request time so a wrong format is a 422, not a failed job.
import { AppError, fieldError } from '../../../core/errors.ts';

export type SourceKind = 'mcdx' | 'xmcd' | 'xmcdz';

// Line breaks, up to two `=` of padding, then trailing white space. Written so that no two
// quantifiers can take the same character: `[…\r\n]*={0,2}\s*$` let the body and `\s*` share the
// newlines, and a body of newlines ending in `!` took time quadratic in its length (issue 29,
// finding 1: 7 s at 240 KB, on the request thread).
const BASE64 = /^[A-Za-z0-9+/\r\n]*(?:={1,2}\s*|[^\S\r\n]\s*)?$/;

export function decodeSource(raw: unknown, field = 'sourceFile'): Buffer {
  if (typeof raw !== 'string')
    throw fieldError('VALIDATION_ERROR', field, `is required and must be a base64 string`, { field });
  const text = raw.replace(/^data:[^;,]*;base64,/, '');
  if (!text.trim() || !BASE64.test(text))
    throw fieldError('UNPROCESSABLE', field, `must be base64-encoded file content`, { field });
  return Buffer.from(text, 'base64');
}

const BINARY_MCD =
  'binary Mathcad files (.mcd, Mathcad 2001–11 and older) are not supported; open the file in Mathcad 14 or 15 and save it as .xmcd, or convert it with Mathcad Prime';

/** What a file is, from its first bytes. */
export function sniffSource(bytes: Uint8Array): SourceKind | 'mcd' | null {
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'mcd';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'mcdx';
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'xmcdz';
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*<\?xml|^\s*<worksheet/.test(head) && /worksheet/.test(head)) return 'xmcd';
  return null;
}

export function requireKind(bytes: Uint8Array, allowed: readonly SourceKind[], field = 'sourceFile'): SourceKind {
  const kind = sniffSource(bytes);
  if (kind === 'mcd') throw fieldError('UNSUPPORTED_FORMAT', field, `${BINARY_MCD}`, { field, format: 'mcd' });
  if (!kind || !allowed.includes(kind)) {
    const expected = allowed.map((k) => `.${k}`).join(' or ');
    throw new AppError('UNSUPPORTED_FORMAT', `${field}: expected ${expected} content${kind ? `, got .${kind}` : ''}`, {
      field,
      format: kind,
      expected: allowed,
    });
  }
  return kind;
}
