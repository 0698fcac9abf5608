import { stackedSeries } from "./stackedSeries";

test("stacks each series on the ones before it, a missing time counting as 0", () => {
  const stacked = stackedSeries([
    { title: "AAPL", tone: "primary", points: [{ time: "2024-03-31", value: 135 }, { time: "2023-12-31", value: 174 }] },
    { title: "BAC", tone: "accent", points: [{ time: "2024-03-31", value: 39 }] },
  ]);
  expect(stacked.map((line) => [line.title, line.points])).toEqual([
    ["AAPL", [{ time: "2023-12-31", value: 174 }, { time: "2024-03-31", value: 135 }]],
    ["BAC", [{ time: "2023-12-31", value: 174 }, { time: "2024-03-31", value: 174 }]],
  ]);
});
