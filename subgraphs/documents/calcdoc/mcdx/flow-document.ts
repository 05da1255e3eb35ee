// Text regions: markdown ↔ the WPF FlowDocument that Prime keeps in a nested
// .XamlPackage zip. Headings are explicit Run sizes with bold (how a paragraph
// binds to Prime's heading styles is not documented), lists are List/ListItem.
import { strFromU8 } from 'fflate';
import type { InflateBudget } from '../../../../core/zip.ts';
import { unzipLimited, writeZip } from './zip.ts';
import type { TextStyle } from '../elements.ts';
import { children, escapeXml, parseXml, relationshipId, textOf, XML_DECLARATION } from './xml.ts';

const XAML_NS = 'http://schemas.microsoft.com/winfx/2006/xaml/presentation';
const BASE_SIZE = 14.6666666666667;
/** Prime's Heading 1–3 text styles (presentation.xml of Prime 9 and later). */
export const HEADING_SIZES: Record<Exclude<TextStyle, 'normal'>, number> = {
  heading1: 21.3333333333333,
  heading2: 17.3333333333333,
  heading3: 16,
};

interface Span {
  text: string;
  bold: boolean;
  italic: boolean;
}

/** **bold**, *italic* / _italic_, ***both***. */
export function inlineSpans(line: string): Span[] {
  const spans: Span[] = [];
  const re = /(\*\*\*|\*\*|\*|_)(.+?)\1/g;
  let last = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > last) spans.push({ text: line.slice(last, m.index), bold: false, italic: false });
    const marker = m[1]!;
    spans.push({ text: m[2]!, bold: marker === '**' || marker === '***', italic: marker !== '**' });
    last = m.index + m[0].length;
  }
  if (last < line.length) spans.push({ text: line.slice(last), bold: false, italic: false });
  return spans;
}

function runXml(span: Span, size: number | null, forceBold: boolean): string {
  const attrs = [
    size ? `FontSize="${size}"` : '',
    span.bold || forceBold ? 'FontWeight="Bold"' : '',
    span.italic ? 'FontStyle="Italic"' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<Run${attrs ? ' ' + attrs : ''}>${escapeXml(span.text)}</Run>`;
}

function paragraphXml(line: string, size: number | null, align?: 'Center'): string {
  const runs = inlineSpans(line)
    .map((s) => runXml(s, size, size !== null))
    .join('');
  return `<Paragraph${align ? ` TextAlignment="${align}"` : ''}>${runs}</Paragraph>`;
}

// A line's text starts at its first non-blank character: `\s+(.*)$` would let `\s+` and `.*` share
// the blanks, and backtrack over them (quadratic) when a line ends in a character `.` refuses.
const BULLET = /^\s*[-*+]\s+(\S.*)?$/;
const NUMBERED = /^\s*\d+[.)]\s+(\S.*)?$/;
const HEADING = /^(#{1,3})\s+(\S.*)?$/;

/** Markdown (a subset) → the Section of Document.xaml. */
export function markdownToXaml(
  content: string,
  style: TextStyle = 'normal',
  options: { caption?: boolean } = {},
): string {
  const elementSize = style === 'normal' ? null : HEADING_SIZES[style];
  const out: string[] = [];
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      const pattern = bullet ? BULLET : NUMBERED;
      const items: string[] = [];
      while (i < lines.length && pattern.test(lines[i]!)) items.push(pattern.exec(lines[i++]!)![1] ?? '');
      i--;
      out.push(
        `<List MarkerStyle="${bullet ? 'Disc' : 'Decimal'}">${items.map((t) => `<ListItem>${paragraphXml(t, elementSize)}</ListItem>`).join('')}</List>`,
      );
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      out.push(paragraphXml(heading[2] ?? '', HEADING_SIZES[`heading${heading[1]!.length}` as 'heading1']));
      continue;
    }
    out.push(paragraphXml(line, elementSize, options.caption ? 'Center' : undefined));
  }
  return `<Section xmlns="${XAML_NS}" xml:space="preserve" TextAlignment="Left" FontFamily="Tahoma" FontSize="${BASE_SIZE}" Foreground="#FF000000">${out.join('')}</Section>`;
}

/** The nested package Prime stores a text region in (Document.xaml deflated, the rest stored, as Prime writes it). */
export function xamlPackage(sectionXml: string, seed: string): Uint8Array {
  const utf8 = (text: string) => Buffer.from(text, 'utf8');
  return writeZip([
    { name: 'Xaml/Document.xaml', data: utf8(sectionXml), deflate: true },
    {
      name: '_rels/.rels',
      data: utf8(
        `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Type="http://schemas.microsoft.com/wpf/2005/10/xaml/entry" Target="/Xaml/Document.xaml" Id="${relationshipId(seed + '/xaml')}" /></Relationships>`,
      ),
      deflate: false,
    },
    {
      name: '[Content_Types].xml',
      data: utf8(
        `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xaml" ContentType="application/vnd.ms-wpf.xaml+xml" /><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" /></Types>`,
      ),
      deflate: false,
    },
  ]);
}

// ---------------------------------------------------------------- reading

export interface ReadText {
  content: string;
  style: TextStyle;
  /** Every paragraph centered and italic: how captions are written. */
  caption: boolean;
}

interface Para {
  prefix: string;
  runs: { text: string; bold: boolean; italic: boolean; size: number | null }[];
  centered: boolean;
}

const styleOfSize = (size: number | null): TextStyle => {
  if (size === null) return 'normal';
  for (const [style, s] of Object.entries(HEADING_SIZES)) if (Math.abs(s - size) < 0.05) return style as TextStyle;
  return 'normal';
};

function collectParagraphs(
  node: Element,
  out: Para[],
  inherited: { bold: boolean; italic: boolean; size: number | null },
  prefix = '',
): void {
  for (const el of children(node)) {
    if (el.localName === 'List') {
      const decimal = el.getAttribute('MarkerStyle') === 'Decimal';
      children(el).forEach((item, i) => collectParagraphs(item, out, inherited, decimal ? `${i + 1}. ` : '- '));
    } else if (el.localName === 'Paragraph') {
      const para: Para = { prefix, runs: [], centered: el.getAttribute('TextAlignment') === 'Center' };
      const walk = (n: Element, fmt: typeof inherited) => {
        const f = {
          bold: n.getAttribute('FontWeight')
            ? /bold|black|heavy|semibold/i.test(n.getAttribute('FontWeight')!)
            : fmt.bold,
          italic: n.getAttribute('FontStyle') ? n.getAttribute('FontStyle') === 'Italic' : fmt.italic,
          size: n.getAttribute('FontSize') ? Number(n.getAttribute('FontSize')) : fmt.size,
        };
        if (n.localName === 'Run') para.runs.push({ text: textOf(n), ...f });
        else if (n.localName === 'LineBreak') para.runs.push({ text: ' ', ...f });
        else for (const c of children(n)) walk(c, f);
        if (n.localName !== 'Run' && !children(n).length && n.textContent)
          para.runs.push({ text: n.textContent, ...f });
      };
      for (let c = el.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3 && c.nodeValue?.trim()) para.runs.push({ text: c.nodeValue, ...inherited });
        else if (c.nodeType === 1) walk(c as Element, inherited);
      }
      out.push(para);
    } else {
      collectParagraphs(el, out, inherited, prefix);
    }
  }
}

function runsMarkdown(runs: Para['runs'], headingBold: boolean): string {
  return runs
    .map((r) => {
      const bold = r.bold && !headingBold;
      if (!r.text.trim() || (!bold && !r.italic)) return r.text;
      const marker = bold && r.italic ? '***' : bold ? '**' : '*';
      return `${marker}${r.text}${marker}`;
    })
    .join('');
}

/** Document.xaml (or a FlowDocument inline in a region) → markdown and style. */
export function readXaml(xml: string): ReadText {
  const root = parseXml(xml).documentElement as unknown as Element;
  const paras: Para[] = [];
  const base = {
    bold: /bold/i.test(root.getAttribute('FontWeight') ?? ''),
    italic: root.getAttribute('FontStyle') === 'Italic',
    size: null,
  };
  collectParagraphs(root, paras, base);
  const sizes = new Set(paras.flatMap((p) => p.runs.filter((r) => r.text.trim()).map((r) => styleOfSize(r.size))));
  const style: TextStyle = sizes.size === 1 ? [...sizes][0]! : 'normal';
  const lines = paras.map((p) => {
    const sized =
      style === 'normal' ? p.runs.find((r) => r.text.trim() && styleOfSize(r.size) !== 'normal') : undefined;
    const level = sized ? Number(styleOfSize(sized.size).slice(-1)) : 0;
    const headingLine = level > 0 && p.runs.every((r) => !r.text.trim() || styleOfSize(r.size) !== 'normal');
    const text = runsMarkdown(p.runs, style !== 'normal' || headingLine);
    return `${p.prefix}${headingLine ? '#'.repeat(level) + ' ' : ''}${text}`;
  });
  const caption = paras.length > 0 && paras.every((p) => p.centered && p.runs.every((r) => !r.text.trim() || r.italic));
  return { content: lines.join('\n'), style, caption };
}

/** A text region's XAML package; `budget` is the source file's (see unzipLimited). */
export function readXamlPackage(bytes: Uint8Array, budget?: InflateBudget): ReadText {
  const files = unzipLimited(bytes, budget);
  const entry = Object.keys(files).find((k) => /\.xaml$/i.test(k));
  if (!entry) return { content: '', style: 'normal', caption: false };
  return readXaml(strFromU8(files[entry]!));
}
