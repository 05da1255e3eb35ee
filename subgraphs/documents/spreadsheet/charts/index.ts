// One class per chart type of the spec. Note the spec's names: "bar" draws
// vertical bars and "column" horizontal bars (Excel names them the other way round).
import { AreaChart } from './area.ts';
import { BarChart } from './bar.ts';
import type { Chart, ChartSpec } from './base.ts';
import { ColumnChart } from './column.ts';
import { LineChart } from './line.ts';
import { PieChart } from './pie.ts';
import { ScatterChart } from './scatter.ts';

export const CHART_TYPES = ['bar', 'column', 'line', 'pie', 'scatter', 'area'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

const CLASSES: Record<ChartType, new (spec: ChartSpec) => Chart> = {
  bar: BarChart,
  column: ColumnChart,
  line: LineChart,
  pie: PieChart,
  scatter: ScatterChart,
  area: AreaChart,
};

export const chartFor = (type: ChartType, spec: ChartSpec): Chart => new CLASSES[type](spec);
