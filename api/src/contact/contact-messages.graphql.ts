import { builder } from "../graphql/builder";
import { contactDetails, investmentFocusValues, submitContactMessage } from "./contact-messages";

const InvestmentFocus = builder.enumType("InvestmentFocus", {
  values: Object.fromEntries(
    investmentFocusValues.map((value) => [value.toUpperCase().replace("-", "_"), { value }]),
  ) as Record<"INDIVIDUAL" | "INSTITUTIONAL" | "FAMILY_OFFICE" | "ADVISOR", { value: (typeof investmentFocusValues)[number] }>,
});

const ContactDetails = builder
  .objectRef<{ email: string; phone: string; hours: string }>("ContactDetails")
  .implement({
    description: "Where to reach the Tickerscope team (from server configuration).",
    fields: (t) => ({
      email: t.exposeString("email"),
      phone: t.exposeString("phone"),
      hours: t.exposeString("hours"),
    }),
  });

builder.queryField("contactDetails", (t) =>
  t.field({ type: ContactDetails, resolve: (_root, _args, context) => contactDetails(context) }),
);

const SubmitContactMessageInput = builder.inputType("SubmitContactMessageInput", {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    investmentFocus: t.field({ type: InvestmentFocus, required: true }),
    message: t.string({ required: true }),
  }),
});

// A receipt, not the message: contact messages are private and never a Node.
const SubmitContactMessagePayload = builder
  .objectRef<{ id: string; createdAt: Date }>("SubmitContactMessagePayload")
  .implement({
    fields: (t) => ({
      id: t.exposeID("id"),
      createdAt: t.expose("createdAt", { type: "DateTime" }),
    }),
  });

builder.mutationField("submitContactMessage", (t) =>
  t.field({
    type: SubmitContactMessagePayload,
    description: "Store a message from the public contact form. Rate limited per client IP.",
    args: { input: t.arg({ type: SubmitContactMessageInput, required: true }) },
    resolve: (_root, { input }, context) => submitContactMessage(context, input),
  }),
);
