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

/**
 * A line of tasks that take turns: each starts in a task of its own (setImmediate) once the one
 * before it has settled, in the order they were handed in, so Node reads and answers other
 * sockets between any two. For work that would otherwise run back to back in one turn of the
 * event loop: PGlite's queries (each resolves in a microtask that started the next at once) and
 * the synchronous starts of requests read from many sockets together.
 */
export function lineOfTurns(): <T>(task: () => T | PromiseLike<T>) => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  return <T>(task: () => T | PromiseLike<T>) => {
    const next = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(task);
    previous = next.catch(() => undefined);
    return next;
  };
}
