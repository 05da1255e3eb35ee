// Image elements: data URIs are decoded; URLs are fetched through the
// platform's guarded outbound client (core/net/guarded-fetch.ts: public
// addresses only, the checked address connected to, redirects re-checked,
// size and time capped), whose every failure reads the same to the caller.
import { AppError } from '../../../core/errors.ts';
import { LIMITS } from '../../../core/limits.ts';
import { FetchRefused, guardedFetch } from '../../../core/net/guarded-fetch.ts';

export const IMAGE_LIMIT_BYTES = LIMITS.fetchMaxBytes;

export interface RawImage {
  bytes: Uint8Array;
  mime: string;
}

const fail = (index: number, url: string, why: string) =>
  new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image ${url} could not be used: ${why}`, {
    element_index: index,
    url,
  });

export function decodeDataUri(uri: string, index: number): RawImage {
  const m = /^data:(image\/(?:png|jpeg|jpg));base64,(.*)$/is.exec(uri);
  if (!m) throw fail(index, uri.slice(0, 40), 'only base64 PNG and JPEG data URIs are supported');
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > IMAGE_LIMIT_BYTES) throw fail(index, 'data URI', `larger than ${IMAGE_LIMIT_BYTES} bytes`);
  return { bytes, mime: m[1]!.toLowerCase().replace('jpg', 'jpeg') };
}

export async function fetchImage(href: string, index: number, signal?: AbortSignal): Promise<RawImage> {
  let bytes: Buffer;
  try {
    ({ bytes } = await guardedFetch(href, { signal }));
  } catch (err) {
    // One message for every refusal: the caller learns nothing about our network.
    if (err instanceof FetchRefused)
      throw fail(
        index,
        href,
        `${err.message} (only public http(s) addresses, at most ${IMAGE_LIMIT_BYTES} bytes within ${LIMITS.fetchTimeoutMs} ms)`,
      );
    throw err;
  }
  const mime = sniff(bytes);
  if (!mime) throw fail(index, href, 'the content is neither PNG nor JPEG');
  return { bytes, mime };
}

export function sniff(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  return null;
}

/** Every image element's bytes, by element index. */
export async function loadImages(
  elements: readonly { type: string; url?: string }[],
  signal?: AbortSignal,
): Promise<Map<number, RawImage>> {
  const out = new Map<number, RawImage>();
  await Promise.all(
    elements.map(async (e, i) => {
      if (e.type !== 'image' || !e.url) return;
      out.set(i, e.url.startsWith('data:') ? decodeDataUri(e.url, i) : await fetchImage(e.url, i, signal));
    }),
  );
  return out;
}
