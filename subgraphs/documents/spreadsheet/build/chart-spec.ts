// A chart block placed on its sheet → the chart's data references and options.
import { DEFAULT_PALETTE, type ChartSpec, type DataRef } from '../charts/base.ts';
import { absoluteRef } from '../ooxml/cells.ts';
import type { ChartPlacement } from '../layout/layout.ts';
import { stringCell } from '../blocks/cell-text.ts';

export function chartSpecOf(sheet: string, placement: ChartPlacement): ChartSpec {
  const { block, table } = placement;
  const { box } = table;
  const rows = table.block.rows;
  const column = (name: string): { col: number; data: DataRef } => {
    const index = table.block.headers.indexOf(name);
    const col = box.col1 + index;
    const cache = rows.map((r) => {
      const v = r[index];
      if (typeof v !== 'string') return typeof v === 'number' ? v : null;
      const cell = stringCell(v);
      return 'text' in cell ? cell.text : null;
    });
    return {
      col,
      data: {
        ref: absoluteRef(sheet, { col1: col, row1: box.row1 + 1, col2: col, row2: box.row2 }),
        cache: cache.length ? cache : [null],
      },
    };
  };
  const x = column(block.xAxis);
  const series = block.yAxis.map((name) => {
    const y = column(name);
    return {
      nameRef: absoluteRef(sheet, { col1: y.col, row1: box.row1, col2: y.col, row2: box.row1 }),
      name,
      values: y.data,
    };
  });
  const o = block.options;
  return {
    title: block.title,
    legendPosition: o.legendPosition,
    showDataLabels: o.showDataLabels,
    colors: o.colors ?? DEFAULT_PALETTE,
    smoothLines: o.smoothLines,
    showTrendline: o.showTrendline,
    showPercentages: o.showPercentages,
    categoryTitle: block.xAxis,
    valueTitle: valueAxisTitle(series.map((s) => s.name)),
    categories: x.data,
    series,
  };
}

/** Longest value-axis title; longer lists of series end with an ellipsis (the legend names each one). */
const MAX_VALUE_TITLE = 60;

/** The value axis names what it measures: the one series, or every series plotted on it ("Dead, Live, Wind"). */
export function valueAxisTitle(names: readonly string[]): string {
  const joined = names.join(', ');
  return joined.length <= MAX_VALUE_TITLE ? joined : `${joined.slice(0, MAX_VALUE_TITLE - 1).trimEnd()}…`;
}
