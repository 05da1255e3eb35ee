// "column" in the spec's sense: horizontal bars (Excel calls this a bar chart, barDir="bar").
// The category axis runs top to bottom so the first row of the table is the top bar.
import { BarChart } from './bar.ts';

export class ColumnChart extends BarChart {
  protected override readonly direction = 'bar' as const;

  protected override axes(): string {
    return this.categoryAxis('l', { reversed: true }) + this.valueAxis('b', { crosses: 'max' });
  }
}
