// XML text helpers shared by every part the service writes or patches.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export const unescapeXml = (s: string): string =>
  s.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e as 'amp']!;
  });

/** Attributes of one start tag, unescaped (`<sheet name="A &amp; B" r:id="rId1">` → {name, 'r:id'}). */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[m[1]!] = unescapeXml(m[3] ?? m[4] ?? '');
  return out;
}

/** Characters XML 1.0 cannot carry at all; Excel refuses a part that has them. */
export const stripInvalidXmlChars = (s: string): string => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
