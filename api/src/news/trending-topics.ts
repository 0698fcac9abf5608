// Trending topics: the words and two-word phrases that stand out in a ticker's headlines of a
// window against the wider corpus, ranked by the log-odds ratio with an informative Dirichlet
// prior (Monroe, Colaresi & Quinn 2008, "Fightin' Words"), as a z-score. Plain frequency would
// rank "stock" and "shares" first for every company; the comparison keeps what is particular.
import { eng as englishStopWords } from "stopword";

/**
 * Stop-words: the `stopword` package's English list (108 words) plus function words
 * headlines use that it lacks. Numbers and single characters are dropped too.
 */
export const stopWords: ReadonlySet<string> = new Set([
  ...englishStopWords,
  "its", "it's", "not", "no", "will", "may", "amid", "via", "vs", "per", "off", "down", "says", "say", "just", "yet",
  "what's", "here's", "who's", "why", "when", "does", "don't", "doesn't", "isn't", "can't", "won't", "s", "t", "usd",
]);

export type TermCounts = {
  /** Documents (headlines) counted. */
  documents: number;
  /** Headlines containing each term (a term counts once per headline). */
  counts: Map<string, number>;
  /** Sum of counts (the log-odds model's n). */
  total: number;
};

export type TrendingTopic = {
  term: string;
  /** Headlines of the window that use it. */
  count: number;
  /** Log-odds z-score against the wider corpus (≥ 1.96: unlikely by chance at about 95%). */
  score: number;
};

/** Lower-case words of a headline; possessives and the corpora's "U . S ." spacing folded. */
export function headlineWords(title: string): string[] {
  return title
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\b(\w)\s\.\s(?=\w\s\.)/g, "$1.") // "u . s ." → "u.s ."
    .replace(/'s\b/g, "")
    .split(/[^a-z0-9.&'-]+/)
    .map((word) => word.replace(/^[.'&-]+|[.'&-]+$/g, ""))
    .filter(Boolean);
}

function isContentWord(word: string, excluded: ReadonlySet<string>): boolean {
  return word.length > 1 && !/^[\d.,%$-]+$/.test(word) && !stopWords.has(word) && !excluded.has(word);
}

/** The terms of one headline: content words and two adjacent content words ("app store"). */
export function headlineTerms(title: string, excluded: ReadonlySet<string> = new Set()): Set<string> {
  const words = headlineWords(title);
  const terms = new Set<string>();
  for (let index = 0; index < words.length; index += 1) {
    if (!isContentWord(words[index], excluded)) continue;
    terms.add(words[index]);
    const next = words[index + 1];
    if (next !== undefined && isContentWord(next, excluded)) terms.add(`${words[index]} ${next}`);
  }
  return terms;
}

export function countTerms(titles: Iterable<string>, excluded: ReadonlySet<string> = new Set()): TermCounts {
  const counts = new Map<string, number>();
  let documents = 0;
  let total = 0;
  for (const title of titles) {
    documents += 1;
    for (const term of headlineTerms(title, excluded)) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
      total += 1;
    }
  }
  return { documents, counts, total };
}

/** Prior strength (the α₀ of the Dirichlet prior) in pseudo-counts, spread by corpus frequency. */
const priorStrength = 500;
export const minimumCount = 2;
export const minimumScore = 1.96;

/**
 * The terms of `target` (the ticker's window) that stand out against `background`
 * (the wider corpus with the target's headlines removed), best first. A term needs
 * at least two headlines and a z-score of 1.96; a word is dropped when a chosen
 * phrase containing it has the same count ("ipad" under "ipad pro").
 */
export function rankTrendingTopics(target: TermCounts, background: Background, limit = 8): TrendingTopic[] {
  const corpusTotal = target.total + background.total;
  if (target.total === 0 || corpusTotal === 0) return [];
  const candidates: TrendingTopic[] = [];
  for (const [term, count] of target.counts) {
    if (count < minimumCount) continue;
    const other = background.count(term);
    const alpha = Math.max((priorStrength * (count + other)) / corpusTotal, 0.01);
    const logOdds = (y: number, n: number) => Math.log((y + alpha) / Math.max(n + priorStrength - y - alpha, 1e-9));
    const delta = logOdds(count, target.total) - logOdds(other, background.total);
    const score = delta / Math.sqrt(1 / (count + alpha) + 1 / (other + alpha));
    if (score >= minimumScore) candidates.push({ term, count, score: Math.round(score * 100) / 100 });
  }
  candidates.sort((a, b) => b.score - a.score || b.count - a.count || a.term.localeCompare(b.term));
  const phrases = candidates.filter((topic) => topic.term.includes(" "));
  const chosen = candidates.filter(
    (topic) => topic.term.includes(" ") || !phrases.some((phrase) => phrase.count === topic.count && phrase.term.split(" ").includes(topic.term)),
  );
  return chosen.slice(0, limit);
}

/** What the target is compared with: term counts of the wider corpus. */
export type Background = { count(term: string): number; total: number };

export function backgroundOf(counts: TermCounts): Background {
  return { count: (term) => counts.counts.get(term) ?? 0, total: counts.total };
}

/**
 * The corpus without some of its headlines (the target's, when the corpus includes them),
 * computed per term on demand: the corpus map is shared and never copied.
 */
export function corpusWithout(corpus: TermCounts, removed: TermCounts): Background {
  return {
    count: (term) => Math.max(0, (corpus.counts.get(term) ?? 0) - (removed.counts.get(term) ?? 0)),
    total: Math.max(0, corpus.total - removed.total),
  };
}
