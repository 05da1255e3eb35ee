// Line chart: one line per y column, optionally smoothed, with a dashed linear trendline per series on request.
import { Chart, categoryRef, numRef, solidFill, val } from './base.ts';

export class LineChart extends Chart {
  protected plotArea(): string {
    const series = this.spec.series
      .map((s, i) => {
        const color = this.color(i);
        return (
          `<c:ser>${this.seriesHead(i)}<c:spPr><a:ln w="28575" cap="rnd">${solidFill(color)}<a:round/></a:ln></c:spPr>` +
          `<c:marker>${val('symbol', 'circle')}${val('size', 5)}<c:spPr>${solidFill(color)}</c:spPr></c:marker>` +
          `${this.dataLabels()}${this.trendline(i)}<c:cat>${categoryRef(this.spec.categories)}</c:cat><c:val>${numRef(s.values)}</c:val>` +
          `${val('smooth', this.spec.smoothLines)}</c:ser>`
        );
      })
      .join('');
    const group = `<c:lineChart>${val('grouping', 'standard')}${val('varyColors', false)}${series}${val('marker', true)}${this.axisIds()}</c:lineChart>`;
    return group + this.categoryAxis('b') + this.valueAxis('l');
  }
}
