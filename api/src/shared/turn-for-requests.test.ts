import { lineOfTurns, turnInLine } from "./turn-for-requests";

describe("turns in line", () => {
  it("resume callers one per turn of the event loop, in order, with other callbacks run between them", async () => {
    const events: string[] = [];
    await Promise.all([
      turnInLine().then(() => {
        events.push("first");
        // What a request waiting on a socket or a timer stands for: it runs before the next caller.
        setTimeout(() => events.push("timer"), 0);
      }),
      turnInLine().then(() => events.push("second")),
      turnInLine().then(() => events.push("third")),
    ]);
    expect(events).toEqual(["first", "timer", "second", "third"]);
  });
});

describe("a line of turns", () => {
  it("starts each task once the one before it has settled, in order, each in a turn of its own", async () => {
    const inTurn = lineOfTurns();
    const events: string[] = [];
    let finishFirst: (() => void) | undefined;
    const first = inTurn(async () => {
      events.push("first starts");
      await new Promise<void>((resolve) => (finishFirst = resolve));
      events.push("first settles");
    });
    const second = inTurn(() => events.push("second starts"));
    const failing = inTurn(() => Promise.reject(new Error("a failed query")));
    const third = inTurn(() => events.push("third starts"));
    while (!finishFirst) await new Promise((resolve) => setImmediate(resolve));
    setImmediate(() => events.push("another socket read"));
    finishFirst!();
    await Promise.all([first, second, third, failing.catch(() => undefined)]);
    expect(events).toEqual(["first starts", "first settles", "another socket read", "second starts", "third starts"]);
    await expect(failing).rejects.toThrow("a failed query");
  });
});
