// Why live feeds are not updating, in words a reader understands. The API classifies each failure
// (FeedProblem); the exact error stays in the server log and in the API's lastError field.

/** A feed's state as the news and video pages fetch it (status, and problem when it FAILED). */
export type FeedState = { readonly status: string; readonly problem?: string | null };

/** Each reads after a subject of any number ("YouTube", "The 26 live news feeds"). */
const PROBLEM_WORDS: Record<string, string> = {
  UNREACHABLE: "cannot be reached from this server",
  REJECTED: "answered this server with an error",
  UNREADABLE: "did not send a readable feed",
  INTERNAL: "could not be read because of a fault on this server",
};

export function feedProblemWords(problem: string | null | undefined): string {
  return PROBLEM_WORDS[problem ?? ""] ?? PROBLEM_WORDS.INTERNAL;
}

/** How the feeds are named: one, many, and optionally who they all are ("YouTube"). */
export type FeedNames = { one: string; many: string; all?: string };

/**
 * One clause per kind of trouble, joined: "The 26 live news feeds cannot be reached from this
 * server", "YouTube cannot be reached from this server", "3 of the 26 live news feeds have not
 * been read yet". Null when no feed is failing or waiting for its first read.
 */
export function feedTrouble(feeds: readonly FeedState[], names: FeedNames): string | null {
  const total = feeds.length;
  const subject = (count: number, wholeName?: string) => {
    if (count < total) return `${count} of the ${total} ${names.many}`;
    return wholeName ?? (total === 1 ? `The ${names.one}` : `The ${total} ${names.many}`);
  };
  const failing = new Map<string, number>();
  for (const feed of feeds) {
    if (feed.status !== "FAILED") continue;
    const words = feedProblemWords(feed.problem);
    failing.set(words, (failing.get(words) ?? 0) + 1);
  }
  const clauses = [...failing].map(([words, count]) => `${subject(count, names.all)} ${words}`);
  const pending = feeds.filter((feed) => feed.status === "PENDING").length;
  if (pending > 0) clauses.push(`${subject(pending)} ${pending === 1 ? "has" : "have"} not been read yet`);
  return clauses.length > 0 ? clauses.join("; ") : null;
}
