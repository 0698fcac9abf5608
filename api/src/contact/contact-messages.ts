import { z } from "zod";
import { parseInput } from "../errors/validation";
import type { RequestContext } from "../context";

export const investmentFocusValues = ["individual", "institutional", "family-office", "advisor"] as const;
export type InvestmentFocus = (typeof investmentFocusValues)[number];

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const contactMessageInput = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: requiredText("Email", 254).pipe(z.email({ error: "Email must be a valid email address." })),
  investmentFocus: z.enum(investmentFocusValues, {
    error: `Investment focus must be one of: ${investmentFocusValues.join(", ")}.`,
  }),
  message: requiredText("Message", 5000),
});

export type ContactMessageInput = z.input<typeof contactMessageInput>;

/**
 * Stores a message from the public contact form. Every attempt counts against
 * the sender's rate limit, valid or not, so the form cannot be used to probe.
 */
export async function submitContactMessage(context: RequestContext, input: unknown) {
  await context.rateLimiters.contact.consume(context.clientIp);
  const data = parseInput(contactMessageInput, input);
  const stored = await context.db.prisma.contactMessage.create({
    data,
    select: { id: true, createdAt: true },
  });
  context.requestLogger.info({ contactMessageId: stored.id }, "contact message stored");
  return stored;
}

/** Public contact details shown on the Contact page (from configuration). */
export function contactDetails(context: Pick<RequestContext, "config">) {
  const { email, phone, hours } = context.config.contact;
  return { email, phone, hours };
}
