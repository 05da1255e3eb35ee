// Scatter chart: numeric x against each y column. Markers only by default (as
// Excel's default scatter); smooth_lines joins the points with smoothed lines.
import { CATEGORY_AXIS_ID, Chart, numRef, solidFill, val, VALUE_AXIS_ID } from './base.ts';

export class ScatterChart extends Chart {
  protected plotArea(): string {
    const smooth = this.spec.smoothLines;
    const series = this.spec.series
      .map((s, i) => {
        const color = this.color(i);
        const line = smooth ? `<a:ln w="28575">${solidFill(color)}</a:ln>` : '<a:ln w="28575"><a:noFill/></a:ln>';
        return (
          `<c:ser>${this.seriesHead(i)}<c:spPr>${line}</c:spPr>` +
          `<c:marker>${val('symbol', 'circle')}${val('size', 7)}<c:spPr>${solidFill(color)}</c:spPr></c:marker>` +
          `${this.dataLabels()}${this.trendline(i)}<c:xVal>${numRef(this.spec.categories)}</c:xVal><c:yVal>${numRef(s.values)}</c:yVal>` +
          `${val('smooth', smooth)}</c:ser>`
        );
      })
      .join('');
    const group =
      `<c:scatterChart>${val('scatterStyle', smooth ? 'smoothMarker' : 'lineMarker')}${val('varyColors', false)}${series}` +
      `${this.axisIds()}</c:scatterChart>`;
    // Both scatter axes are value axes: x is the "category" id placed at the bottom.
    const xAxis = this.valueAxis('b', {
      id: CATEGORY_AXIS_ID,
      crossAx: VALUE_AXIS_ID,
      title: this.spec.categoryTitle,
      crossBetween: 'midCat',
    });
    const yAxis = this.valueAxis('l', { crossBetween: 'midCat' });
    return group + xAxis + yAxis;
  }
}
