import { AppError } from "../errors/app-error";
import type { BudgetOwner } from "./query-budget";

/**
 * Live subscriptions open at once per requester (API key, signed-in user or anonymous IP).
 * Counted in this process: a stream lives on the instance that serves it, and a count kept
 * there can never outlive it (one kept in Redis would leak when an instance dies). With N
 * instances a requester may so hold up to N times the limit.
 */
export type SubscriptionSlots = {
  /** Takes a slot, or throws TOO_MANY_SUBSCRIPTIONS when the owner holds them all; returns its release (idempotent). */
  acquire(owner: BudgetOwner): () => void;
  /** Slots the owner holds now. */
  held(owner: BudgetOwner): number;
};

export function createSubscriptionSlots(perRequester: number): SubscriptionSlots {
  const heldByOwner = new Map<string, number>();
  const keyOf = (owner: BudgetOwner) => `${owner.kind}:${owner.id}`;
  return {
    acquire(owner) {
      const key = keyOf(owner);
      const held = heldByOwner.get(key) ?? 0;
      if (held >= perRequester) {
        throw new AppError(
          "TOO_MANY_SUBSCRIPTIONS",
          `Too many live subscriptions: at most ${perRequester} may be open at once. Close one (end its stream) and try again.`,
        );
      }
      heldByOwner.set(key, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const remaining = (heldByOwner.get(key) ?? 1) - 1;
        if (remaining > 0) heldByOwner.set(key, remaining);
        else heldByOwner.delete(key);
      };
    },
    held: (owner) => heldByOwner.get(keyOf(owner)) ?? 0,
  };
}
