// Image elements: data URIs are decoded; URLs are fetched with a size limit
// and a timeout, refusing private, loopback and link-local addresses (also
// after redirects, which are followed by hand so each hop is checked).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../../core/errors.ts';

export const IMAGE_LIMIT_BYTES = 10 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 10_000;

export interface RawImage {
  bytes: Uint8Array;
  mime: string;
}

function privateAddress(ip: string): boolean {
  if (isIP(ip) === 6) {
    const v = ip.toLowerCase();
    if (v.startsWith('::ffff:')) return privateAddress(v.slice(7));
    return v === '::1' || v === '::' || v.startsWith('fc') || v.startsWith('fd') || v.startsWith('fe80');
  }
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
}

const fail = (index: number, url: string, why: string) => new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image ${url} could not be used: ${why}`, { element_index: index, url });

export function decodeDataUri(uri: string, index: number): RawImage {
  const m = /^data:(image\/(?:png|jpeg|jpg));base64,(.*)$/is.exec(uri);
  if (!m) throw fail(index, uri.slice(0, 40), 'only base64 PNG and JPEG data URIs are supported');
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > IMAGE_LIMIT_BYTES) throw fail(index, 'data URI', `larger than ${IMAGE_LIMIT_BYTES} bytes`);
  return { bytes, mime: m[1]!.toLowerCase().replace('jpg', 'jpeg') };
}

async function checkHost(url: URL, index: number): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (!addresses.length) throw fail(index, url.href, `the host ${host} does not resolve`);
  if (addresses.some(privateAddress)) throw fail(index, url.href, 'private, loopback and link-local addresses are refused');
}

export async function fetchImage(href: string, index: number, signal?: AbortSignal): Promise<RawImage> {
  let url = new URL(href);
  const timeout = AbortSignal.timeout(IMAGE_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  for (let hop = 0; hop < 4; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(index, href, 'only http and https URLs are fetched');
    await checkHost(url, index);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal: combined });
    } catch (err) {
      throw fail(index, href, timeout.aborted ? `no answer within ${IMAGE_TIMEOUT_MS} ms` : (err as Error).message);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (!response.ok) throw fail(index, href, `HTTP ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > IMAGE_LIMIT_BYTES) throw fail(index, href, `larger than ${IMAGE_LIMIT_BYTES} bytes`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > IMAGE_LIMIT_BYTES) throw fail(index, href, `larger than ${IMAGE_LIMIT_BYTES} bytes`);
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    const mime = sniff(bytes);
    if (!mime) throw fail(index, href, 'the content is neither PNG nor JPEG');
    return { bytes, mime };
  }
  throw fail(index, href, 'too many redirects');
}

export function sniff(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  return null;
}

/** Every image element's bytes, by element index. */
export async function loadImages(elements: readonly { type: string; url?: string }[], signal?: AbortSignal): Promise<Map<number, RawImage>> {
  const out = new Map<number, RawImage>();
  await Promise.all(
    elements.map(async (e, i) => {
      if (e.type !== 'image' || !e.url) return;
      out.set(i, e.url.startsWith('data:') ? decodeDataUri(e.url, i) : await fetchImage(e.url, i, signal));
    }),
  );
  return out;
}
