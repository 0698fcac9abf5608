// The parts of a Stripe webhook event billing reads, checked before use: a correctly signed body
// can still be no event Stripe sends (a test tool, a replay of a hand-edited payload), and that
// is a 400 naming what is wrong, not a crash halfway through applying it.
import { z } from "zod";
import { isStorableText } from "../errors/validation";

/** Text that is stored (ids, statuses): no NUL or unpaired surrogate. */
const storedText = z.string().refine(isStorableText, { error: "contains a NUL or an unpaired surrogate" });
const unixSeconds = z.number().int().nonnegative();
/** Stripe sends a related object as its id, or expanded. */
const idOrObject = z.union([storedText, z.object({ id: storedText })]);

const subscription = z.object({
  id: storedText.min(1),
  customer: idOrObject,
  status: storedText,
  items: z.object({ data: z.array(z.object({ price: z.object({ id: storedText }) })) }),
  trial_end: unixSeconds.nullable(),
});

const checkoutSession = z.object({
  id: storedText.min(1),
  created: unixSeconds,
  status: z.string().nullable(),
  payment_status: z.string(),
  mode: z.string(),
  metadata: z.record(z.string(), z.string()).nullable(),
  client_reference_id: z.string().nullable(),
  customer: idOrObject.nullable(),
  subscription: z.union([storedText, subscription]).nullable(),
});

const invoice = z.object({
  customer: idOrObject.nullable(),
  parent: z.object({ subscription_details: z.object({ subscription: idOrObject.nullable() }).nullable() }).nullish(),
});

/** data.object's shape for the event types billing acts on; other types are only recorded. */
const objectShapeByType: Record<string, z.ZodType> = {
  "checkout.session.completed": checkoutSession,
  "customer.subscription.created": subscription,
  "customer.subscription.updated": subscription,
  "customer.subscription.deleted": subscription,
  "invoice.payment_failed": invoice,
};

const event = z.object({
  // Stripe's ids and type names are short; a key of the billing_events index must stay small.
  id: storedText.min(1).max(255),
  type: storedText.min(1).max(255),
  created: unixSeconds,
  // Kept whole for the check by type below.
  data: z.object({ object: z.looseObject({}) }),
});

const problemOf = (error: z.ZodError, under: string[]) => {
  const issue = error.issues[0];
  return `${[...under, ...issue.path].join(".") || "event"}: ${issue.message}`;
};

/** What is wrong with a verified event's shape ("data.object.customer: …"), or null when billing can read it. */
export function stripeEventProblem(payload: unknown): string | null {
  const parsed = event.safeParse(payload);
  if (!parsed.success) return problemOf(parsed.error, []);
  const object = objectShapeByType[parsed.data.type]?.safeParse(parsed.data.data.object);
  return object && !object.success ? problemOf(object.error, ["data", "object"]) : null;
}
