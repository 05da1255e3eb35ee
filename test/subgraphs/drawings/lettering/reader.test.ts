// The lettering reader on generated sheets: stroked tag lettering recognised with its source and
// confidence, text-layer runs passed through, the CPU budget honoured, and no network used
// (every socket and DNS look-up refused while the models load and read).
import dns from 'node:dns';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSuite, generateSheet } from '../../../../eval/drawings/generator/index.ts';
import { extractPage, type ExtractedPage } from '../../../../subgraphs/drawings/pdf/extract-page.ts';
import { LetteringReader, type LetteringRegion } from '../../../../subgraphs/drawings/lettering/reader.ts';
import type { BBox } from '../../../../core/geometry/types.ts';

interface TagTruth {
  circle: { center: [number, number]; radius: number };
  texts_inside: { text: string }[];
}

async function sheet(prefix: string): Promise<{ page: ExtractedPage; tags: TagTruth[] }> {
  const s = await generateSheet(defaultSuite().find((x) => x.name.startsWith(prefix))!);
  const t = s.truth as unknown as { annotations: { detail_tags: TagTruth[]; section_tags: TagTruth[] } };
  return { page: await extractPage(s.pdf, 1), tags: [...t.annotations.detail_tags, ...t.annotations.section_tags] };
}

const region = (t: TagTruth): LetteringRegion => {
  const [x, y] = t.circle.center;
  const r = t.circle.radius;
  return { bbox: [x - r, y - r, x + r, y + r] as BBox, letterHeight: 0.5 * r };
};

let reader: LetteringReader;
const attempts: string[] = [];
const restore: (() => void)[] = [];

beforeAll(async () => {
  // Network refused: any connection or name look-up is recorded and fails.
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args: unknown[]) {
    attempts.push(`connect ${JSON.stringify(args[0])}`);
    throw new Error('network refused in this test');
  } as typeof connect;
  const lookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = (host: string) => {
    attempts.push(`lookup ${host}`);
    throw new Error('network refused in this test');
  };
  const fetch = globalThis.fetch;
  globalThis.fetch = (async (url: unknown) => {
    attempts.push(`fetch ${String(url)}`);
    throw new Error('network refused in this test');
  }) as typeof fetch;
  restore.push(
    () => (net.Socket.prototype.connect = connect),
    () => ((dns as { lookup: unknown }).lookup = lookup),
    () => (globalThis.fetch = fetch),
  );
  reader = await LetteringReader.open();
});

afterAll(async () => {
  await reader?.close();
  for (const r of restore) r();
});

describe('lettering reader', () => {
  it('recognises stroked tag lettering (no text layer), with its source and confidence, without the network', async () => {
    const { page, tags } = await sheet('s201');
    expect(page.texts.filter((t) => /\w/.test(t.str))).toHaveLength(0);
    const res = await reader.read(page, tags.map(region));
    let right = 0;
    tags.forEach((t, i) => {
      const got = res.regions[i]!;
      for (const l of got) {
        expect(l.source).toBe('recognised');
        expect(l.confidence).toBeGreaterThan(0);
        expect(l.confidence).toBeLessThanOrEqual(1);
      }
      if (got.map((l) => l.text.toUpperCase()).join('|') === t.texts_inside.map((x) => x.text).join('|')) right++;
    });
    expect(right).toBeGreaterThanOrEqual(tags.length - 1);
    expect(res.recognised).toBe(tags.length);
    expect(attempts).toEqual([]);
  });

  it('answers from the text layer where there is one, without recognising', async () => {
    const { page, tags } = await sheet('s101');
    const res = await reader.read(page, tags.map(region));
    expect(res.recognised).toBe(0);
    tags.forEach((t, i) => {
      expect(res.regions[i]!.map((l) => l.text)).toEqual(t.texts_inside.map((x) => x.text));
      for (const l of res.regions[i]!) expect(l).toMatchObject({ source: 'text-layer', confidence: 1 });
    });
  });

  it('stops recognising when its budget is spent', async () => {
    const { page, tags } = await sheet('s201');
    const res = await reader.read(page, tags.map(region), { maxRegions: 2 });
    expect(res.recognised).toBe(2);
    expect(res.skipped).toBe(tags.length - 2);
    expect(res.regions.slice(2).every((r) => r.length === 0)).toBe(true);
    const none = await reader.read(page, tags.map(region), { cpuMs: 0 });
    expect(none.recognised).toBeLessThanOrEqual(1);
  });
});
