import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { betweenRequests, countRequestsAnswered, requestsAnswered } from "./between-requests";

/** A request as the middleware sees it; its response "closes" when the test says so. */
function answer(accept = "application/json") {
  const res = new EventEmitter();
  let passed = false;
  countRequestsAnswered()({ headers: { accept } } as Request, res as unknown as Response, () => (passed = true));
  expect(passed).toBe(true);
  return () => res.emit("close");
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe("background statements between requests", () => {
  it("wait on the embedded database until no request is being answered", async () => {
    const closeFirst = answer();
    const closeSecond = answer();
    expect(requestsAnswered()).toBe(2);
    const waiting = betweenRequests({ kind: "pglite" });
    expect(await settled(waiting)).toBe(false);
    closeFirst();
    expect(await settled(waiting)).toBe(false);
    closeSecond();
    expect(await settled(waiting)).toBe(true);
    expect(requestsAnswered()).toBe(0);
  });

  it("do not count an open event stream as a request being answered", async () => {
    const closeStream = answer("text/event-stream");
    expect(requestsAnswered()).toBe(0);
    expect(await settled(betweenRequests({ kind: "pglite" }))).toBe(true);
    closeStream();
    expect(requestsAnswered()).toBe(0);
  });

  it("go ahead on a busy server after a bounded wait, so a pass still ends", async () => {
    const close = answer();
    await expect(betweenRequests({ kind: "pglite" })).resolves.toBeUndefined();
    close();
  });

  it("only take a turn on PostgreSQL, whose statements run in the server's processes", async () => {
    const close = answer();
    expect(await settled(betweenRequests({ kind: "postgres" }))).toBe(true);
    close();
  });
});
