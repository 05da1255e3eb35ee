// XML text helpers shared by every part the service writes or patches.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export const unescapeXml = (s: string): string =>
  s.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e as 'amp']!;
  });

/** A start tag's attribute text longer than this is not read (no real OOXML tag comes near it). */
export const MAX_TAG_CHARS = 4_096;

export interface StartTag {
  /** Index just after the element's name: its attribute text runs from here to `end`. */
  attrStart: number;
  /** Index of the tag's `>`. */
  end: number;
  /** `<name … />`: no content, no end tag. */
  selfClosing: boolean;
}

/**
 * The next start tag `<name …>` or `<prefix:name …>` (self-closing ones
 * included) at or after `from`, by a forward scan with indexOf; null when there
 * is none, or when one is left unclosed (nothing after it is a tag). Each call
 * starts where the caller's last one ended, so a whole scan is linear in the
 * XML's length whatever it holds, unlike a `<name\b[^>]*>` pattern, which
 * rescans to the end of the text from every unclosed tag.
 */
export function nextStartTag(xml: string, name: string, from: number): StartTag | null {
  let at = from;
  for (;;) {
    const found = xml.indexOf(name, at);
    if (found < 0) return null;
    at = found + name.length;
    if (!/<(?:\w{1,32}:)?$/.test(xml.slice(Math.max(0, found - 34), found)) || !/[\s/>]/.test(xml[at] ?? '')) continue;
    const end = xml.indexOf('>', at);
    if (end < 0) return null;
    return { attrStart: at, end, selfClosing: xml[end - 1] === '/' };
  }
}

/** The attribute text of every start tag `<name …>` (see nextStartTag), in order; over-long tags are skipped. */
export function startTags(xml: string, name: string): string[] {
  const out: string[] = [];
  for (let tag = nextStartTag(xml, name, 0); tag; tag = nextStartTag(xml, name, tag.end + 1)) {
    if (tag.end - tag.attrStart <= MAX_TAG_CHARS) out.push(xml.slice(tag.attrStart, tag.end));
  }
  return out;
}

/** Attributes of one start tag, unescaped (`<sheet name="A &amp; B" r:id="rId1">` → {name, 'r:id'}). */
export function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/(?<![\w:.-])([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
    out[m[1]!] = unescapeXml(m[3] ?? m[4] ?? '');
  return out;
}

/** Characters XML 1.0 cannot carry at all; Excel refuses a part that has them. */
export const stripInvalidXmlChars = (s: string): string =>
  s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
