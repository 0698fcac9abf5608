import { z } from "zod";
import type { Database } from "../db/database";
import type { User } from "../generated/prisma/client";

/** Email as the product stores it: trimmed and lower-cased (spec §5), then checked. */
export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .min(1, "Email is required.")
  .max(254, "Email must be at most 254 characters.")
  .pipe(z.email({ error: "Email must be a valid email address." }));

/** "Ada King Lovelace" → first "Ada", last "King Lovelace". */
export function splitFullName(fullName: string): { firstName: string; lastName: string | null } {
  const [firstName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.length > 0 ? rest.join(" ") : null };
}

/** Finds the user with this email, or creates one; names fill in only where still empty. */
export async function findOrCreateUserByEmail(
  db: Database,
  email: string,
  profile: { firstName?: string | null; lastName?: string | null; profileImageUrl?: string | null } = {},
): Promise<User> {
  const existing = await db.prisma.user.findUnique({ where: { email } });
  if (!existing) {
    return db.prisma.user.upsert({ where: { email }, create: { email, ...profile }, update: {} });
  }
  const missing = Object.fromEntries(
    Object.entries(profile).filter(([key, value]) => value && !existing[key as keyof typeof profile]),
  );
  if (Object.keys(missing).length === 0) return existing;
  return db.prisma.user.update({ where: { id: existing.id }, data: missing });
}

/** The current-user fields of spec §3 (and the email, which the Status tab shows). */
export function publicUserFields(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
  };
}

type Transaction = Parameters<Parameters<Database["prisma"]["$transaction"]>[0]>[0];

/** Holds the user's row for the transaction: writes that check a per-user limit or name take it first, so two at once cannot both pass. */
export const lockUserRow = (tx: Transaction, userId: string) => tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
