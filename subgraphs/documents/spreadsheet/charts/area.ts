// Area chart. Fills are 40% transparent: LibreOffice paints the first series
// in front, which would otherwise hide a smaller series behind it.
import { Chart, categoryRef, numRef, solidFill, val } from './base.ts';

export class AreaChart extends Chart {
  protected plotArea(): string {
    const series = this.spec.series
      .map(
        (s, i) =>
          `<c:ser>${this.seriesHead(i)}<c:spPr>${solidFill(this.color(i), 60000)}</c:spPr>${this.dataLabels()}` +
          `<c:cat>${categoryRef(this.spec.categories)}</c:cat><c:val>${numRef(s.values)}</c:val></c:ser>`,
      )
      .join('');
    const group = `<c:areaChart>${val('grouping', 'standard')}${val('varyColors', false)}${series}${this.axisIds()}</c:areaChart>`;
    return group + this.categoryAxis('b') + this.valueAxis('l', { crossBetween: 'midCat' });
  }
}
