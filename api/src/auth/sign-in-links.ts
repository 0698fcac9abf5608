import crypto from "node:crypto";
import { z } from "zod";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";
import type { User } from "../generated/prisma/client";
import type { RequestContext } from "../context";
import { emailField } from "./users";

export const SIGN_IN_LINK_TTL_MINUTES = 15;
/** At most one sign-in mail per inbox this often (see requestSignInLink). */
export const SIGN_IN_MAIL_INTERVAL_SECONDS = 60;
export const SIGN_IN_LINK_SENT_MESSAGE =
  "If an account exists for that email, we have sent it a sign-in link. Check your inbox; the link works once, for 15 minutes.";
const INVALID_LINK_MESSAGE = "This sign-in link is invalid, has expired or was already used. Request a new one.";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Emails a single-use sign-in link to the account with this email. Answers the
 * same whether or not the account exists, and before looking it up (the lookup,
 * the token and the mail happen after the answer), so neither the words nor the
 * timing tell anyone whether an account exists.
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

/** Emails the account with this email a sign-in link, after the current answer (nothing when there is no such account). */
export function sendSignInLinkAfterResponse(context: RequestContext, email: string): void {
  setImmediate(() => {
    sendSignInLink(context, email).catch((error: unknown) => context.requestLogger.error({ err: error }, "sign-in link not sent"));
  });
}

async function sendSignInLink(context: RequestContext, email: string): Promise<void> {
  const user = await context.db.prisma.user.findUnique({ where: { email } });
  if (!user) {
    context.requestLogger.info("sign-in link requested for an email with no account");
    return;
  }
  try {
    await context.rateLimiters.signInMailsPerEmail.consume(email);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
    context.requestLogger.info({ userId: user.id }, "sign-in link not sent: one went to this inbox moments ago");
    return;
  }
  const token = crypto.randomBytes(32).toString("base64url");
  await context.db.prisma.signInToken.create({
    data: {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MINUTES * 60_000),
    },
  });
  const link = new URL("/auth", context.config.publicUrl);
  link.searchParams.set("signin_token", token);
  await context.mailer.send({
    to: user.email,
    subject: "Your Tickerscope sign-in link",
    text: [
      `Hello${user.firstName ? ` ${user.firstName}` : ""},`,
      "",
      `Sign in to Tickerscope with this link (it works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes):`,
      link.toString(),
      "",
      "If you did not ask to sign in, ignore this email: nobody can sign in without the link.",
    ].join("\n"),
  });
}

/** Consumes a sign-in link token: exactly one request can use it, within its lifetime. */
export async function consumeSignInLink(context: RequestContext, input: unknown): Promise<User> {
  await context.rateLimiters.signInPerIp.consume(context.clientIp);
  const { token } = parseInput(
    z.object({ token: z.string({ error: "Token is required." }).trim().min(1, "Token is required.").max(200) }),
    input,
  );
  const now = new Date();
  const stored = await context.db.prisma.signInToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: true },
  });
  if (!stored || stored.consumedAt || stored.expiresAt <= now) {
    throw new AppError("BAD_USER_INPUT", INVALID_LINK_MESSAGE, { fieldErrors: [{ field: "token", message: INVALID_LINK_MESSAGE }] });
  }
  // The conditional update is the single-use guarantee under concurrent clicks.
  const { count } = await context.db.prisma.signInToken.updateMany({
    where: { id: stored.id, consumedAt: null },
    data: { consumedAt: now },
  });
  if (count !== 1) {
    throw new AppError("BAD_USER_INPUT", INVALID_LINK_MESSAGE, { fieldErrors: [{ field: "token", message: INVALID_LINK_MESSAGE }] });
  }
  context.requestLogger.info({ userId: stored.userId }, "signed in with an email link");
  return stored.user;
}
