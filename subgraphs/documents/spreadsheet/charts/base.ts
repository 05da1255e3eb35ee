// The shared base of every native chart: a DrawingML chartSpace with title,
// legend and series over absolute cell ranges. Each chart type is a small
// subclass that writes its plot group and axes (the element order inside
// each of them is fixed by the chart schema; Excel refuses other orders).
// Every boolean element carries an explicit val: LibreOffice reads a missing
// one as true in files that are not marked as written by Excel 2007.
import { escapeXml } from '../ooxml/xml.ts';

export type LegendPosition = 'top' | 'bottom' | 'left' | 'right';

/** Cells a chart reads, with their current values for viewers that do not recalculate. */
export interface DataRef {
  ref: string;
  /** null where the cell holds a formula (its value is computed when the file opens). */
  cache: readonly (number | string | null)[];
}

export interface SeriesSpec {
  /** The column's header cell. */
  nameRef: string;
  name: string;
  values: DataRef;
}

export interface ChartSpec {
  title: string | null;
  legendPosition: LegendPosition;
  showDataLabels: boolean;
  /** RRGGBB, cycled over series (over slices for pie). */
  colors: readonly string[];
  smoothLines: boolean;
  showTrendline: boolean;
  showPercentages: boolean;
  categoryTitle: string;
  /** Shown on the value axis: the series it plots (chart-spec.ts valueAxisTitle). */
  valueTitle: string | null;
  categories: DataRef;
  series: readonly SeriesSpec[];
}

/** Office's default theme accents, used when the caller gives no colours, so Excel and LibreOffice draw alike. */
export const DEFAULT_PALETTE = ['4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47'] as const;

const NS =
  'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

const LEGEND_POS: Record<LegendPosition, string> = { top: 't', bottom: 'b', left: 'l', right: 'r' };

export const CATEGORY_AXIS_ID = 50010001;
export const VALUE_AXIS_ID = 50010002;

export const val = (tag: string, value: string | number | boolean): string =>
  `<c:${tag} val="${typeof value === 'boolean' ? (value ? 1 : 0) : escapeXml(String(value))}"/>`;

export const solidFill = (rgb: string, alpha?: number): string =>
  `<a:solidFill><a:srgbClr val="${rgb}">${alpha === undefined ? '' : `<a:alpha val="${alpha}"/>`}</a:srgbClr></a:solidFill>`;

function richText(text: string, rotated = false): string {
  const body = rotated ? '<a:bodyPr rot="-5400000" vert="horz"/>' : '<a:bodyPr/>';
  return `<c:tx><c:rich>${body}<a:lstStyle/><a:p><a:pPr><a:defRPr b="1"/></a:pPr><a:r><a:rPr lang="en-US" b="1"/><a:t>${escapeXml(text)}</a:t></a:r></a:p></c:rich></c:tx>`;
}

const titleXml = (text: string, rotated = false): string =>
  `<c:title>${richText(text, rotated)}<c:overlay val="0"/></c:title>`;

function cacheXml(kind: 'num' | 'str', cache: DataRef['cache']): string {
  const points = cache
    .map((v, i) => (v === null || v === '' ? '' : `<c:pt idx="${i}"><c:v>${escapeXml(String(v))}</c:v></c:pt>`))
    .join('');
  const format = kind === 'num' ? '<c:formatCode>General</c:formatCode>' : '';
  return `<c:${kind}Cache>${format}<c:ptCount val="${cache.length}"/>${points}</c:${kind}Cache>`;
}

export const numRef = (d: DataRef): string =>
  `<c:numRef><c:f>${escapeXml(d.ref)}</c:f>${cacheXml(
    'num',
    d.cache.map((v) => (typeof v === 'number' ? v : null)),
  )}</c:numRef>`;

/** Categories that are all numbers are written as numbers, others as text. */
export const categoryRef = (d: DataRef): string =>
  d.cache.every((v) => v === null || typeof v === 'number')
    ? numRef(d)
    : `<c:strRef><c:f>${escapeXml(d.ref)}</c:f>${cacheXml('str', d.cache)}</c:strRef>`;

export abstract class Chart {
  readonly spec: ChartSpec;

  constructor(spec: ChartSpec) {
    this.spec = spec;
  }

  /** The chart part (xl/charts/chartN.xml). */
  toXml(): string {
    const s = this.spec;
    const title = s.title ? `${titleXml(s.title)}${val('autoTitleDeleted', false)}` : val('autoTitleDeleted', true);
    return (
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace ${NS}>` +
      `${val('date1904', false)}${val('lang', 'en-US')}${val('roundedCorners', false)}` +
      `<c:chart>${title}<c:plotArea><c:layout/>${this.plotArea()}</c:plotArea>` +
      `<c:legend>${val('legendPos', LEGEND_POS[s.legendPosition])}${val('overlay', false)}</c:legend>` +
      `${val('plotVisOnly', true)}${val('dispBlanksAs', 'gap')}</c:chart></c:chartSpace>`
    );
  }

  /** The chart group(s) and axes inside <c:plotArea>. */
  protected abstract plotArea(): string;

  protected color(i: number): string {
    return this.spec.colors[i % this.spec.colors.length]!;
  }

  /** idx, order and tx: the start of every series. */
  protected seriesHead(i: number): string {
    const s = this.spec.series[i]!;
    return `${val('idx', i)}${val('order', i)}<c:tx><c:strRef><c:f>${escapeXml(s.nameRef)}</c:f>${cacheXml('str', [s.name])}</c:strRef></c:tx>`;
  }

  protected dataLabels(percent = false): string {
    const showVal = this.spec.showDataLabels;
    return (
      `<c:dLbls>${val('showLegendKey', false)}${val('showVal', showVal)}${val('showCatName', false)}` +
      `${val('showSerName', false)}${val('showPercent', percent)}${val('showBubbleSize', false)}</c:dLbls>`
    );
  }

  protected trendline(i: number): string {
    if (!this.spec.showTrendline) return '';
    const line = `<c:spPr><a:ln w="19050"><a:solidFill><a:srgbClr val="${this.color(i)}"/></a:solidFill><a:prstDash val="dash"/></a:ln></c:spPr>`;
    return `<c:trendline>${line}${val('trendlineType', 'linear')}${val('dispRSqr', false)}${val('dispEq', false)}</c:trendline>`;
  }

  protected categoryAxis(position: 'b' | 'l', options: { reversed?: boolean } = {}): string {
    return (
      `<c:catAx>${val('axId', CATEGORY_AXIS_ID)}<c:scaling>${val('orientation', options.reversed ? 'maxMin' : 'minMax')}</c:scaling>` +
      `${val('delete', false)}${val('axPos', position)}${titleXml(this.spec.categoryTitle, position === 'l')}` +
      `<c:numFmt formatCode="General" sourceLinked="1"/>${val('majorTickMark', 'out')}${val('minorTickMark', 'none')}${val('tickLblPos', 'nextTo')}` +
      `${val('crossAx', VALUE_AXIS_ID)}${val('crosses', 'autoZero')}${val('auto', true)}${val('lblAlgn', 'ctr')}${val('lblOffset', 100)}${val('noMultiLvlLbl', false)}</c:catAx>`
    );
  }

  protected valueAxis(
    position: 'b' | 'l',
    options: {
      id?: number;
      crossAx?: number;
      title?: string | null;
      crosses?: 'autoZero' | 'max';
      crossBetween?: 'between' | 'midCat';
    } = {},
  ): string {
    const title = options.title === undefined ? this.spec.valueTitle : options.title;
    return (
      `<c:valAx>${val('axId', options.id ?? VALUE_AXIS_ID)}<c:scaling>${val('orientation', 'minMax')}</c:scaling>` +
      `${val('delete', false)}${val('axPos', position)}<c:majorGridlines/>${title ? titleXml(title, position === 'l') : ''}` +
      `<c:numFmt formatCode="General" sourceLinked="1"/>${val('majorTickMark', 'out')}${val('minorTickMark', 'none')}${val('tickLblPos', 'nextTo')}` +
      `${val('crossAx', options.crossAx ?? CATEGORY_AXIS_ID)}${val('crosses', options.crosses ?? 'autoZero')}${val('crossBetween', options.crossBetween ?? 'between')}</c:valAx>`
    );
  }

  protected axisIds(): string {
    return `${val('axId', CATEGORY_AXIS_ID)}${val('axId', VALUE_AXIS_ID)}`;
  }
}
