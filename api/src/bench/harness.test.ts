import { benchEnvironment, describeDatabase, formatReport, formatTable, median, percentile, percentiles, sample } from "./harness";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index); // 100 … 1, unsorted on purpose

  it("answers the smallest value with at least that share of the values at or below it", () => {
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 0.975)).toBe(98);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile(hundred, 0.001)).toBe(1);
  });

  it("is always a measured value, the lower middle one for an even count", () => {
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
    expect(percentile([1.5, 0.25, 9.75], 0.5)).toBe(1.5);
  });

  it("leaves its input alone, answers NaN for no values and rejects a share outside (0, 1]", () => {
    const values = [3, 1, 2];
    percentile(values, 0.5);
    expect(values).toEqual([3, 1, 2]);
    expect(percentile([], 0.5)).toBeNaN();
    expect(() => percentile(values, 0)).toThrow(RangeError);
    expect(() => percentile(values, 95)).toThrow(RangeError);
  });

  it("percentiles gives p50/p95/p99/max in one sort", () => {
    expect(percentiles(hundred)).toEqual({ runs: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(percentiles([2, 1])).toEqual({ runs: 2, p50: 1, p95: 2, p99: 2, max: 2 });
    const empty = percentiles([]);
    expect(empty.runs).toBe(0);
    expect(empty.p50).toBeNaN();
  });
});

describe("sample", () => {
  it("warms up unmeasured, runs `after` outside the measured time, and can take the call's own duration", async () => {
    const calls: string[] = [];
    const times = await sample(
      async () => {
        calls.push("call");
        return 4.5;
      },
      { runs: 3, warmUp: 2, reported: true, after: () => void calls.push("after") },
    );
    expect(times).toEqual([4.5, 4.5, 4.5]);
    expect(calls).toEqual(["call", "after", "call", "after", "call", "after", "call", "after", "call", "after"]);
    const wall = await sample(() => "not a duration", { runs: 2 });
    expect(wall).toHaveLength(2);
    expect(wall.every((ms) => ms >= 0)).toBe(true);
    await expect(sample(async () => "x", { runs: 1, reported: true })).rejects.toThrow(TypeError);
  });
});

describe("formatTable", () => {
  it("prints a padded markdown table, numbers right-aligned, pipes escaped", () => {
    const text = formatTable({
      title: "Reads",
      columns: ["request", "p50 ms", "note"],
      rows: [
        ["GET /a", "1.5", "x | y"],
        ["GET /longer", 12.25, null],
        ["GET /b", 3, ""],
      ],
    });
    expect(text.split("\n")).toEqual([
      "### Reads",
      "",
      "| request     | p50 ms | note   |",
      "|:------------|-------:|:-------|",
      "| GET /a      |    1.5 | x \\| y |",
      "| GET /longer |   12.3 |        |",
      "| GET /b      |      3 |        |",
    ]);
  });

  it("takes an explicit alignment", () => {
    const [header, rule] = formatTable({ columns: ["a", "b"], rows: [["1", "2"]], align: ["left", "left"] }).split("\n");
    expect(header).toBe("| a   | b   |");
    expect(rule).toBe("|:----|:----|");
  });
});

describe("the report", () => {
  it("names the environment and ends with one JSON line holding every result", () => {
    const environment = benchEnvironment(describeDatabase({ kind: "postgres", url: "postgresql://user:secret@db.example:5432/bench" }));
    expect(environment.database).toBe("PostgreSQL (db.example:5432/bench)");
    expect(environment.nodeEnv).toBe("production");
    expect(environment.node).toBe(process.version);
    expect(environment.cpus).toBeGreaterThan(0);
    expect(environment.loadAverage).toHaveLength(3);
    expect(environment.commit).toMatch(/^([0-9a-f]{12}(-dirty)?|unknown)$/);

    const text = formatReport({
      bench: "example",
      environment,
      tables: [{ columns: ["step", "ms"], rows: [["load", 12.3456789]] }],
      notes: ["aim ≤ 20 ms"],
      results: { loadMs: 12.3456789, rows: 3 },
    });
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe("## bench:example");
    expect(text).toContain("database: PostgreSQL (db.example:5432/bench)");
    expect(text).not.toContain("secret");
    expect(text).toContain("| load | 12.3 |");
    const json = JSON.parse(lines.at(-1)!) as { bench: string; environment: { commit: string }; results: { loadMs: number; rows: number } };
    expect(json.bench).toBe("example");
    expect(json.environment.commit).toBe(environment.commit);
    expect(json.results).toEqual({ loadMs: 12.3457, rows: 3 });
  });
});
