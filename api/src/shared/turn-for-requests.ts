/**
 * A turn for requests between two long database reads (PGlite answers on the request thread):
 * through the next loop's timers and I/O phases, which a bare setImmediate after a resolved query
 * skips.
 */
export const turnForRequests = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));
