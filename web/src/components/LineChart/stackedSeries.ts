import type { LineChartSeries } from "./LineChart";

/**
 * Each series stacked on the ones before it: at every time, the running total of the series up to
 * it (a time a series lacks counts as 0 for it), so the top edge is the total of all of them.
 */
export function stackedSeries(series: readonly LineChartSeries[]): LineChartSeries[] {
  const times = [...new Set(series.flatMap((line) => line.points.map((point) => point.time)))].sort();
  const totals = new Map(times.map((time) => [time, 0]));
  return series.map((line) => {
    const values = new Map(line.points.map((point) => [point.time, point.value]));
    return {
      ...line,
      points: times.map((time) => {
        const total = totals.get(time)! + (values.get(time) ?? 0);
        totals.set(time, total);
        return { time, value: total };
      }),
    };
  });
}
