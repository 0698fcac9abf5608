import crypto from "node:crypto";
import { z } from "zod";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";
import type { Prisma, SignInToken, User } from "../generated/prisma/client";
import type { RequestContext } from "../context";
import { emailField } from "./users";

export const SIGN_IN_LINK_TTL_MINUTES = 15;
/** At most one sign-in mail per inbox this often (see requestSignInLink). */
export const SIGN_IN_MAIL_INTERVAL_SECONDS = 60;
export const SIGN_IN_LINK_SENT_MESSAGE =
  "We have sent a sign-in link to that email. Check your inbox; the link works once, for 15 minutes. New to Tickerscope? The link creates your free Basic account.";
const INVALID_LINK_MESSAGE = "This sign-in link is invalid, has expired or was already used. Request a new one.";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Emails a single-use sign-in link to this address: it signs in to the account with
 * this email, or, when there is none, creates a Basic account once it is used (never
 * at request time, so nobody can create accounts for inboxes they do not read).
 * Answers the same whether or not the account exists, and before looking it up
 * (the lookup, the token and the mail happen after the answer), so neither the
 * words nor the timing tell anyone whether an account exists.
 *
 * Limits: per client IP, and per address *and* requester, so nobody else's
 * requests can use up an owner's. Mail to one inbox goes out at most once a
 * SIGN_IN_MAIL_INTERVAL_SECONDS; a request inside that interval sends nothing,
 * since the link already in the inbox works for SIGN_IN_LINK_TTL_MINUTES: a flood
 * of requests for someone's email never leaves them without a working link.
 */
export async function requestSignInLink(context: RequestContext, input: unknown): Promise<{ message: string }> {
  await context.rateLimiters.signInPerIp.consume(context.clientIp);
  const { email } = parseInput(z.object({ email: emailField }), input);
  await context.rateLimiters.signInPerEmail.consume(`${email}|${context.clientIp}`);
  sendSignInLinkAfterResponse(context, email);
  return { message: SIGN_IN_LINK_SENT_MESSAGE };
}

/** Emails this address a sign-in link (to its account, or one that creates it), after the current answer. */
export function sendSignInLinkAfterResponse(context: RequestContext, email: string): void {
  setImmediate(() => {
    sendSignInLink(context, email).catch((error: unknown) => context.requestLogger.error({ err: error }, "sign-in link not sent"));
  });
}

async function sendSignInLink(context: RequestContext, email: string): Promise<void> {
  const user = await context.db.prisma.user.findUnique({ where: { email } });
  try {
    await context.rateLimiters.signInMailsPerEmail.consume(email);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
    context.requestLogger.info({ userId: user?.id }, "sign-in link not sent: one went to this inbox moments ago");
    return;
  }
  const token = crypto.randomBytes(32).toString("base64url");
  await context.db.prisma.signInToken.create({
    data: {
      // A link for an email with no account keeps the address: the account is created when it is used.
      ...(user ? { userId: user.id } : { email }),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MINUTES * 60_000),
    },
  });
  const link = new URL("/auth", context.config.publicUrl);
  link.searchParams.set("signin_token", token);
  await context.mailer.send({ to: email, ...signInMail(user, link) });
}

/** A sign-in mail for the account, or for an email with none, the mail whose link creates it. */
function signInMail(user: User | null, link: URL): { subject: string; text: string } {
  const lifetime = `it works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes`;
  const [subject, greeting, action, ifNotYou] = user
    ? [
        "Your Tickerscope sign-in link",
        `Hello${user.firstName ? ` ${user.firstName}` : ""},`,
        `Sign in to Tickerscope with this link (${lifetime}):`,
        "If you did not ask to sign in, ignore this email: nobody can sign in without the link.",
      ]
    : [
        "Your Tickerscope account link",
        "Hello,",
        `Open this link to create your free Basic Tickerscope account and sign in (${lifetime}):`,
        "If you did not ask for an account, ignore this email: no account is created without the link.",
      ];
  return { subject, text: [greeting, "", action, link.toString(), "", ifNotYou].join("\n") };
}

export type SignedInByLink = {
  user: User;
  /** The link was sent to an email with no account, and using it created the Basic account. */
  newAccount: boolean;
};

const invalidLink = () =>
  new AppError("BAD_USER_INPUT", INVALID_LINK_MESSAGE, { fieldErrors: [{ field: "token", message: INVALID_LINK_MESSAGE }] });

/**
 * Consumes a sign-in link token: exactly one request can use it, within its lifetime.
 * A link sent to an email with no account creates the Basic account now.
 */
export async function consumeSignInLink(context: RequestContext, input: unknown): Promise<SignedInByLink> {
  await context.rateLimiters.signInPerIp.consume(context.clientIp);
  const { token } = parseInput(
    z.object({ token: z.string({ error: "Token is required." }).trim().min(1, "Token is required.").max(200) }),
    input,
  );
  const now = new Date();
  const stored = await context.db.prisma.signInToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!stored || stored.consumedAt || stored.expiresAt <= now) throw invalidLink();
  const signedIn = await context.db.prisma.$transaction(async (tx) => {
    const account = await accountForLink(tx, stored);
    // The conditional update is the single-use guarantee under concurrent clicks: the loser's
    // transaction rolls back, account creation included. The user id marks the account as
    // claimed by email (see billing's mayActivationSignIn).
    const { count } = await tx.signInToken.updateMany({
      where: { id: stored.id, consumedAt: null },
      data: { consumedAt: now, userId: account.user.id },
    });
    if (count !== 1) throw invalidLink();
    return account;
  });
  context.requestLogger.info({ userId: signedIn.user.id, newAccount: signedIn.newAccount }, "signed in with an email link");
  return signedIn;
}

/** The link's account; for a link sent to an email with no account, a new Basic one (or the one made with that email since). */
async function accountForLink(tx: Prisma.TransactionClient, link: SignInToken): Promise<SignedInByLink> {
  if (link.userId) return { user: await tx.user.findUniqueOrThrow({ where: { id: link.userId } }), newAccount: false };
  if (!link.email) throw new Error(`sign-in link ${link.id} has neither a user nor an email`);
  // ON CONFLICT DO NOTHING: an account created meanwhile (a checkout, another link) is the one signed in to.
  const { count } = await tx.user.createMany({ data: [{ email: link.email }], skipDuplicates: true });
  return { user: await tx.user.findUniqueOrThrow({ where: { email: link.email } }), newAccount: count === 1 };
}
