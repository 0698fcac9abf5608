import { turnInLine } from "./turn-for-requests";

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
