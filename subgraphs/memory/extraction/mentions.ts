// Finds the things structural engineers talk about in one sentence: code
// references, member and rebar sizes, grid lines, levels, quantities with
// units, sheets, named members, software, quoted terms, element words and
// capitalised names. Pure: text in, spans out.

export interface Mention {
  name: string;
  kind: string;
  start: number;
  end: number;
}

const CODE_FAMILIES =
  'ACI|AISC|ASCE(?:/SEI)?|IBC|IRC|ASTM|AWS|NDS|TMS|CSA|NZS|AS/NZS|AS|EN|BS|CBC|NBCC|PCI|PTI|SDI|SJI|AASHTO|ANSI';
const CLAUSE = String.raw`(?:\s?(?:§|Section|Sec\.?|Table|Chapter|Clause|Ch\.)\s?\d+(?:\.\d+)*(?:\([a-z0-9]+\))*)`;
const UNITS = String.raw`Hz|psf|ksf|psi|ksi|pcf|kPa|MPa|GPa|kN/m²|kN/m2|kN/m|kN·m|kN-m|kNm|kN|kips?|plf|klf|mph|km/h|m/s|ft-kips?|kip-ft|k-ft|lb/ft|mm|in\.?|ft|m`;

const ELEMENT_WORDS = [
  'transfer girder',
  'transfer beam',
  'shear walls?',
  'moment frames?',
  'braced frames?',
  'mat foundation',
  'spread footings?',
  'strip footings?',
  'pile caps?',
  'drilled piers?',
  'helical piles?',
  'post-tensioned slabs?',
  'pt slabs?',
  'composite deck',
  'metal deck',
  'roof deck',
  'floor deck',
  'retaining walls?',
  'grade beams?',
  'base plates?',
  'anchor bolts?',
  'moment connections?',
  'shear connections?',
  'embed plates?',
  'lintels?',
  'diaphragms?',
  'collectors?',
  'podium',
  'canopy',
  'stair',
  'elevator core',
  'core walls?',
  'cantilever',
  'mezzanine',
  'parking garage',
  'snow load',
  'wind load',
  'seismic load',
  'dead load',
  'live load',
  'drift',
  'deflection limit',
  'vibration',
  'punching shear',
  'rebar',
  'concrete strength',
  'steel grade',
  'soil bearing pressure',
  'bearing capacity',
  'risk category',
  'seismic design category',
  'site class',
  'geotechnical report',
  'load combinations?',
  'fire rating',
  'camber',
  'crane',
  'beams?',
  'girders?',
  'columns?',
  'footings?',
  'joists?',
  'trusses',
  'truss',
  'slabs?',
  'braces?',
  'piles?',
  'walls?',
  'foundations?',
];

// Earlier entries win when spans overlap at the same start; longer spans win otherwise.
const PATTERNS: Array<[kind: string, re: RegExp]> = [
  ['code', new RegExp(String.raw`\b(?:${CODE_FAMILIES})\s?[A-Z]?\d+(?:[-.:]\d+)*${CLAUSE}?(?![\w])`, 'g')],
  ['code', /\bEurocode\s?\d+\b/g],
  ['clause', /§\s?\d+(?:\.\d+)*(?:\([a-z0-9]+\))*/g],
  [
    'member_size',
    /\b(?:W|HP|WT|MC|HSS|C|S|M|L)\d+(?:\.\d+)?\s?[xX×]\s?\d+(?:[./]\d+)?(?:\s?[xX×]\s?\d+(?:[./]\d+)?)?(?![\w])/g,
  ],
  ['member_size', /\b(?:UB|UC|IPE|HEA|HEB|PFC|SHS|RHS|CHS)\s?\d+(?:\s?[xX×]\s?\d+(?:\.\d+)?)*\b/g],
  ['member_size', /\b\d{1,2}\s?[xX]\s?\d{1,2}\b/g],
  ['rebar', /#\d{1,2}(?:\s?bars?)?(?:\s?@\s?\d+(?:\.\d+)?\s?(?:"|in\.?|mm)?(?:\s?o\.c\.)?)?/g],
  [
    'grid',
    /\b[Gg]rids?(?:\s?[Ll]ines?)?\s+(?:[A-Z]{1,2}|\d{1,2})(?:\.\d)?(?:\s?[-/]\s?(?:[A-Z]{1,2}|\d{1,2})(?:\.\d)?)?(?![\w])/g,
  ],
  ['level', /\b(?:[Ll]evel|[Ff]loor)\s\d{1,3}\b/g],
  ['ratio', /\b[Ll]\/\d{3}\b/g],
  [
    'classification',
    /\b(?:[Rr]isk [Cc]ategory|[Ss]eismic [Dd]esign [Cc]ategory|SDC|[Ss]ite [Cc]lass|[Ee]xposure(?: [Cc]ategory)?)\s+(?:IV|III|II|I|[A-F])\b/g,
  ],
  ['quantity', new RegExp(String.raw`(?<![\w.])\d+(?:[.,]\d+)?\s?(?:${UNITS})(?![\w/²])`, 'g')],
  ['quantity', /\bf'c\s?=?\s?\d+(?:,\d{3})?\s?(?:psi|MPa)\b/g],
  ['sheet', /\b(?:[A-Z]{1,2}-\d{3}(?:\.\d{1,2})?|S\d{3})\b/g],
  [
    'member',
    /\b(?:[Bb]eam|[Gg]irder|[Cc]olumn|[Ff]ooting|[Ww]all|[Bb]race|[Pp]ier|[Pp]ile|[Jj]oist|[Tt]russ|[Ss]lab|[Ff]rame|[Cc]ap)\s+[A-Z]{1,3}-?\d{1,3}[A-Z]?\b/g,
  ],
  [
    'software',
    /\b(?:ETABS|SAP2000|RISA(?:-3D)?|RAM(?: Structural System| Concept| Elements)?|Revit|Tekla(?: Structures)?|SAFE|STAAD(?:\.Pro)?|Enercalc|Mathcad|IDEA StatiCa|spColumn|SpaceGass|Robot|Bluebeam|AutoCAD)\b/g,
  ],
  ['quoted', /["“]([^"”]{2,60})["”]/g],
  ['element', new RegExp(String.raw`\b(?:${ELEMENT_WORDS.join('|')})\b`, 'gi')],
];

const NOT_NAMES = new Set(
  `I I'm I've I'd I'll We We're We've Our Us You Your He She They Their It It's Its This That These Those There Here The A An And But Or So If When While
  Yes No Not Ok Okay Thanks Thank Please Sure Great Good Also Just Then Now Next Let Let's Can Could Would Should Will Shall May Might Must Do Does Did
  Is Are Was Were Be Been Have Has Had Hi Hello Hey What Which Who Whom Whose Why How Where For From With Without To In On At By Of As Per After Before
  Since Until Once Both Each Every Any All Some Most Many Much More Less Only Because Although Though However Instead Otherwise Meanwhile Noted Right
  Correct Agreed Got Understood Perfect Sounds Makes Done Update Updated Quick One Two Three Another Other Same New Old Last First Second Third
  Noted Check Confirm Consider Keep Make Add See Send Remind Tell Show Give Find Assume Assuming Based Given Following Regarding About Good Great Nice Fine Alright
  Monday Tuesday Wednesday Thursday Friday Saturday Sunday Today Tomorrow Yesterday Note Remember Recall Going Looks Looking Use Using Used`.split(
    /\s+/,
  ),
);
// No "at": it ties a person to a place or firm ("Kenji Sato at Alder and Finch Engineers"), it does not join one name.
const CONNECTORS = new Set(['of', 'and', '&', 'de', 'on']);

function capitalisedNames(sentence: string): Mention[] {
  const out: Mention[] = [];
  const re = /[A-Z][\w&'’.-]*(?:\s+(?:(?:of|and|&|de|on)\s+)?[A-Z][\w&'’.-]*)*/g;
  for (const m of sentence.matchAll(re)) {
    // Words with their offsets; leading words that are not names (sentence
    // starts, pronouns) and trailing connectors are dropped by moving two
    // indices, so a run of 100,000 such words costs linear time (slicing the
    // array or the sentence once per dropped word was quadratic).
    const words: string[] = [];
    const offsets: number[] = [];
    for (const w of m[0].matchAll(/\S+/g)) {
      words.push(w[0]);
      offsets.push(m.index! + w.index!);
    }
    const bare = (w: string) => w.replace(/(?<![.,;:!?])[.,;:!?]+$/, '').replace(/[’']s$/, '');
    let first = 0;
    let last = words.length - 1;
    while (first <= last && (NOT_NAMES.has(bare(words[first]!)) || CONNECTORS.has(words[first]!))) first++;
    while (first <= last && (CONNECTORS.has(words[last]!) || NOT_NAMES.has(bare(words[last]!)))) last--;
    if (first > last) continue;
    const start = offsets[first]!;
    let name = words
      .slice(first, last + 1)
      .join(' ')
      .replace(/[’']s$/, '')
      .replace(/(?<![.,;:!?-])[.,;:!?-]+$/, '');
    if (name.length < 2) continue;
    const kind =
      /\b(?:Inc|LLC|Ltd|Corp|Engineers|Engineering|Associates|Structures|Group|Partners|Consultants|Construction|Builders|Company)\b/.test(
        name,
      )
        ? 'organisation'
        : /\b(?:Tower|Towers|Center|Centre|Bridge|Building|Hospital|School|Garage|Hall|Plaza|Station|Terminal|Warehouse|Library|Stadium|Campus|Residences|Apartments|Lofts|Project)\b/.test(
              name,
            )
          ? 'project'
          : 'name';
    name = name.trim();
    out.push({ name, kind, start, end: start + name.length });
  }
  return out;
}

function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Every mention in the sentence, left to right, without overlaps. */
export function findMentions(sentence: string): Mention[] {
  const all: Array<Mention & { priority: number }> = [];
  PATTERNS.forEach(([kind, re], priority) => {
    for (const m of sentence.matchAll(re)) {
      const text = kind === 'quoted' ? m[1]! : m[0];
      const start = kind === 'quoted' ? m.index! + 1 : m.index!;
      all.push({ name: collapseWhitespace(text), kind, start, end: start + text.length, priority });
    }
  });
  for (const c of capitalisedNames(sentence)) all.push({ ...c, priority: PATTERNS.length });
  all.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || a.priority - b.priority);
  const out: Mention[] = [];
  let lastEnd = -1;
  for (const m of all) {
    if (m.start < lastEnd) {
      // A later, longer specific pattern (a code with its clause) replaces a shorter overlapping one.
      const prev = out.at(-1)!;
      if (
        m.priority < PATTERNS.length &&
        m.end > prev.end &&
        m.priority <= (prev as Mention & { priority?: number }).priority!
      ) {
        out[out.length - 1] = m;
        lastEnd = m.end;
      }
      continue;
    }
    out.push(m);
    lastEnd = m.end;
  }
  return out.map(({ name, kind, start, end }) => ({ name, kind, start, end }));
}
