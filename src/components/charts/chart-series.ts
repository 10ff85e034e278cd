/** What a chart draws and its text alternative lists: one label per point, one or more series of numbers. */
export type ChartSeries = { label: string; values: number[]; format?: (value: number) => string };
export type ChartData = { labels: string[]; series: ChartSeries[] };
