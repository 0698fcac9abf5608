// What an operation's uncached past days add to its query cost, handed from the past-day limits
// plugin to the API usage plugin (which checks and charges the total), per request.
import type { YogaInitialContext } from "graphql-yoga";

const costs = new WeakMap<Request, number>();

/** Records the points the past days of the operation run with this context cost. */
export function setPastDayCost(context: object, points: number): void {
  const request = (context as Partial<YogaInitialContext>).request;
  if (request) costs.set(request, points);
}

/** The points the past days of the operation run with this context cost (0 when it asks for none not in memory). */
export function pastDayCostOf(context: object): number {
  const request = (context as Partial<YogaInitialContext>).request;
  return (request && costs.get(request)) || 0;
}
