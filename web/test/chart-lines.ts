// lightweight-charts draws on canvas, which jsdom lacks: tests replace it with this stand-in, which
// records the lines each chart is given. In a test file:
//   jest.mock("lightweight-charts", () => jest.requireActual("<path>/test/chart-lines").lightweightChartsStandIn, { virtual: true });
// (virtual: the package is ESM-only, with no entry jest's require() can resolve.)

export type RecordedLine = { title: unknown; data: { time: string; value: number }[] };

/** Every line drawn since the test file started; empty it in beforeEach. */
export const recordedLines: RecordedLine[] = [];

export const lightweightChartsStandIn = {
  ColorType: { Solid: "solid" },
  LineSeries: "Line",
  AreaSeries: "Area",
  createChart: () => ({
    addSeries: (_type: string, options: Record<string, unknown>) => {
      const line: RecordedLine = { title: options.title, data: [] };
      recordedLines.push(line);
      return { setData: (data: RecordedLine["data"]) => (line.data = data) };
    },
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {},
  }),
};
