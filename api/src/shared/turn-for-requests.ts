/**
 * A turn for requests between two long database reads (PGlite answers on the request thread):
 * through the next loop's timers and I/O phases, which a bare setImmediate after a resolved query
 * skips.
 */
export const turnForRequests = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));

let lastTurn: Promise<void> = Promise.resolve();

/**
 * A turn for requests, in line: callers resume one per turn of the event loop, in the order they
 * asked. A query with a hundred aliased fields whose resolvers each read the database would
 * otherwise all wake after the same turn and run their reads back to back (PGlite answers in
 * promise callbacks, which never let a timer or a socket in); in line, each one's reads run and
 * then other requests get a turn before the next one's.
 */
export function turnInLine(): Promise<void> {
  const turn = lastTurn.then(turnForRequests);
  lastTurn = turn;
  return turn;
}
