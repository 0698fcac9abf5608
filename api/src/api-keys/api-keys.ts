import { requireSessionUser } from "../auth/viewer";
import crypto from "node:crypto";
import { z } from "zod";
import type { AuthCache } from "../auth/auth-cache";
import type { Database } from "../db/database";
import { hasProAccess } from "../billing/pro-access";
import { AppError } from "../errors/app-error";
import { parseInput } from "../errors/validation";
import type { User } from "../generated/prisma/client";
import type { RequestContext } from "../context";

const KEY_PREFIX = "tsk_";
const SHOWN_PREFIX_LENGTH = 12;
/** lastUsedAt is written at most this often per key, so reads stay reads. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Keys are 240 random bits: a fast hash is the right tool (no salt or KDF needed, as for GitHub tokens). */
export function hashApiKey(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

/** The user behind a key, or null for an unknown, malformed or revoked key (read through the auth cache). */
export async function authenticateApiKey(
  { db, authCache }: { db: Database; authCache: AuthCache },
  secret: string,
): Promise<{ user: User; apiKeyId: string } | null> {
  if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
  const key = await authCache.apiKey(hashApiKey(secret), async () => {
    const found = await db.prisma.apiKey.findUnique({ where: { secretHash: hashApiKey(secret) } });
    return found && !found.revokedAt ? { apiKeyId: found.id, userId: found.userId, lastUsedAt: found.lastUsedAt } : null;
  });
  if (!key) return null;
  const user = await authCache.user(key.userId, () => db.prisma.user.findUnique({ where: { id: key.userId } }));
  if (!user) return null;
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    key.lastUsedAt = new Date(now);
    await db.prisma.apiKey.update({ where: { id: key.apiKeyId }, data: { lastUsedAt: key.lastUsedAt } });
  }
  return { user, apiKeyId: key.apiKeyId };
}

const createApiKeyInput = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(100, "Name must be at most 100 characters."),
});

const MAX_ACTIVE_KEYS = 20;

/**
 * Creates a named key for the signed-in Pro user. The secret is returned once
 * and only its hash is kept. Keys cannot mint keys: only a browser session can.
 */
export async function createApiKey(context: RequestContext, input: unknown) {
  const user = requireSessionUser(context.viewer);
  // The GraphQL field is Pro-scoped too; the service does not rely on its caller for that.
  if (!hasProAccess(user)) throw new AppError("PRO_REQUIRED", "A Pro subscription is required to create API keys.");
  const { name } = parseInput(createApiKeyInput, input);
  const active = await context.db.prisma.apiKey.count({ where: { userId: user.id, revokedAt: null } });
  if (active >= MAX_ACTIVE_KEYS) {
    throw new AppError("BAD_USER_INPUT", `You can have at most ${MAX_ACTIVE_KEYS} active keys. Revoke one first.`, {
      fieldErrors: [{ field: "name", message: `At most ${MAX_ACTIVE_KEYS} active keys.` }],
    });
  }
  const secret = `${KEY_PREFIX}${crypto.randomBytes(30).toString("base64url")}`;
  const apiKey = await context.db.prisma.apiKey.create({
    data: { userId: user.id, name, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), secretHash: hashApiKey(secret) },
  });
  context.requestLogger.info({ apiKeyId: apiKey.id, userId: user.id }, "API key created");
  return { apiKey, secret };
}

/** The signed-in user's keys, newest first (revoked ones included, marked). */
export function listApiKeys(context: RequestContext) {
  const user = requireSessionUser(context.viewer);
  return context.db.prisma.apiKey.findMany({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
}

/** Revokes one of the signed-in user's keys; allowed without Pro, so a lapsed customer can still lock a key. */
export async function revokeApiKey(context: RequestContext, id: string) {
  const user = requireSessionUser(context.viewer);
  const key = z.uuid().safeParse(id).success
    ? await context.db.prisma.apiKey.findFirst({ where: { id, userId: user.id } })
    : null;
  if (!key) throw new AppError("NOT_FOUND", "No API key with this id.");
  if (key.revokedAt) return key;
  const revoked = await context.db.prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
  context.authCache.forgetApiKey(id);
  context.requestLogger.info({ apiKeyId: id, userId: user.id }, "API key revoked");
  return revoked;
}
