import crypto from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import type { Database } from "../src/db/database";
import type { Prisma, User } from "../src/generated/prisma/client";

let userCounter = 0;

/** A user row; Basic by default. `pro` gives an active Pro subscription. */
export function createUser(db: Database, overrides: Partial<Prisma.UserCreateInput> & { pro?: boolean } = {}): Promise<User> {
  const { pro, ...data } = overrides;
  userCounter += 1;
  return db.prisma.user.create({
    data: {
      email: `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      firstName: "Test",
      lastName: `User${userCounter}`,
      ...(pro ? { planType: "pro", subscriptionStatus: "active", proSince: new Date("2026-11-01T00:00:00Z") } : {}),
      ...data,
    },
  });
}

/** Stores a sign-in link token for the user (as the email would carry it) and returns the token. */
export async function issueSignInToken(db: Database, user: User, expiresAt = new Date(Date.now() + 15 * 60_000)): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const tokenHash = crypto.createHash("sha256").update(token).digest("hex");
  await db.prisma.signInToken.create({ data: { userId: user.id, tokenHash, expiresAt } });
  return token;
}

/** A supertest agent signed in as the user through the real sign-in-link endpoint (so it holds a session cookie). */
export async function signedInAgent(app: Express, db: Database, user: User) {
  const agent = request.agent(app);
  const token = await issueSignInToken(db, user);
  await agent.post("/api/auth/verify-link").send({ token }).expect(200);
  return agent;
}
