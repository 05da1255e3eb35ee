// "bar" in the spec's sense: vertical bars (Excel calls this a column chart, barDir="col").
import { Chart, categoryRef, numRef, solidFill, val } from './base.ts';

export class BarChart extends Chart {
  /** col: bars rise from a horizontal category axis; bar: they extend from a vertical one. */
  protected readonly direction: 'col' | 'bar' = 'col';

  protected plotArea(): string {
    const series = this.spec.series
      .map(
        (s, i) =>
          `<c:ser>${this.seriesHead(i)}<c:spPr>${solidFill(this.color(i))}</c:spPr>${val('invertIfNegative', false)}` +
          `${this.dataLabels()}<c:cat>${categoryRef(this.spec.categories)}</c:cat><c:val>${numRef(s.values)}</c:val></c:ser>`,
      )
      .join('');
    const group =
      `<c:barChart>${val('barDir', this.direction)}${val('grouping', 'clustered')}${val('varyColors', false)}${series}` +
      `${val('gapWidth', 150)}${this.axisIds()}</c:barChart>`;
    return group + this.axes();
  }

  protected axes(): string {
    return this.categoryAxis('b') + this.valueAxis('l');
  }
}
