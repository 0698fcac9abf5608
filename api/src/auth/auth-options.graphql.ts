import { builder } from "../graphql/builder";

const MailDelivery = builder.enumType("MailDelivery", {
  description: "How sign-in emails leave the server.",
  values: {
    SMTP: { value: "smtp", description: "Delivered through the configured SMTP server." },
    DEV_OUTBOX: {
      value: "outbox",
      description: "Not delivered: kept in the development outbox at /dev/outbox (visible from the server's machine only).",
    },
  },
});

const AuthOptions = builder.objectRef<{ mailDelivery: "smtp" | "outbox"; singleSignOn: boolean }>("AuthOptions").implement({
  description: "The ways to sign in that this server offers.",
  fields: (t) => ({
    mailDelivery: t.field({ type: MailDelivery, resolve: (options) => options.mailDelivery }),
    singleSignOn: t.exposeBoolean("singleSignOn", {
      description: "True when /api/login signs in through an OpenID Connect provider (otherwise it leads to the email sign-in).",
    }),
  }),
});

builder.queryField("authOptions", (t) =>
  t.field({
    type: AuthOptions,
    resolve: (_root, _args, context) => ({ mailDelivery: context.mailer.kind, singleSignOn: Boolean(context.config.oidc) }),
  }),
);
