// Pie chart: one series, one colour per slice; labels show values and/or percentages.
import { Chart, categoryRef, numRef, solidFill, val } from './base.ts';

export class PieChart extends Chart {
  protected plotArea(): string {
    const s = this.spec.series[0]!;
    const slices = s.values.cache
      .map(
        (_, i) =>
          `<c:dPt>${val('idx', i)}${val('bubble3D', false)}<c:spPr>${solidFill(this.color(i))}</c:spPr></c:dPt>`,
      )
      .join('');
    const series =
      `<c:ser>${this.seriesHead(0)}${slices}${this.dataLabels(this.spec.showPercentages)}` +
      `<c:cat>${categoryRef(this.spec.categories)}</c:cat><c:val>${numRef(s.values)}</c:val></c:ser>`;
    return `<c:pieChart>${val('varyColors', true)}${series}${val('firstSliceAng', 0)}</c:pieChart>`;
  }
}
