import { mapWithConcurrency } from "./map-with-concurrency";

// Resolves when `release` is called: lets a test decide the order in which tasks finish.
function deferred() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe("mapWithConcurrency", () => {
  it("keeps the input order in the result whatever order the tasks finish in", async () => {
    const gates = [deferred(), deferred(), deferred()];
    const result = mapWithConcurrency([0, 1, 2], 3, async (index) => {
      await gates[index].done;
      return `item ${index}`;
    });
    gates[2].release();
    gates[0].release();
    gates[1].release();
    await expect(result).resolves.toEqual(["item 0", "item 1", "item 2"]);
  });

  it("runs at most `limit` tasks at once, and starts the next as soon as one finishes", async () => {
    let running = 0;
    let most = 0;
    const result = await mapWithConcurrency([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return item * 2;
    });
    expect(result).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(most).toBe(3);
  });

  it("still runs one at a time when the limit is zero or below, and returns [] for no items", async () => {
    const seen: number[] = [];
    await expect(mapWithConcurrency([1, 2], 0, async (item) => (seen.push(item), item))).resolves.toEqual([1, 2]);
    expect(seen).toEqual([1, 2]);
    await expect(mapWithConcurrency([], 4, async () => 1)).resolves.toEqual([]);
  });

  it("rejects with the first task's error", async () => {
    await expect(
      mapWithConcurrency([1, 2], 2, async (item) => {
        if (item === 2) throw new Error("feed 2 failed");
        return item;
      }),
    ).rejects.toThrow("feed 2 failed");
  });
});
