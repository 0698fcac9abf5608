import type { Request, Response } from "express";
import { startRequestsInTurns } from "./request-turns";

test("requests start in arrival order, with a turn for other sockets between two starts", async () => {
  const startInTurn = startRequestsInTurns();
  const order: string[] = [];
  const arrive = (name: string) =>
    new Promise<void>((resolve) =>
      startInTurn({} as Request, {} as Response, () => {
        order.push(name);
        // What the next turn's poll phase stands for: a /healthz request read and answered.
        setImmediate(() => order.push(`turn after ${name}`));
        resolve();
      }),
    );
  await Promise.all([arrive("first"), arrive("second"), arrive("third")]);
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(["first", "turn after first", "second", "turn after second", "third", "turn after third"]);
});
