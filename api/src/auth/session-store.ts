import session from "express-session";
import type { Database } from "../db/database";
import type { Logger } from "../logging/logger";

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * express-session store on the spec's `sessions` table (sid, sess json, expire),
 * through Prisma so it works on PGlite and PostgreSQL alike. Expired rows are
 * never read and are purged periodically.
 */
export class PrismaSessionStore extends session.Store {
  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    this.db.prisma.session
      .findFirst({ where: { sid, expire: { gt: new Date() } }, select: { sess: true } })
      .then((row) => callback(null, (row?.sess as unknown as session.SessionData | undefined) ?? null), callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
    const data = { sess: JSON.parse(JSON.stringify(sess)), expire: expiryOf(sess) };
    this.db.prisma.session
      .upsert({ where: { sid }, create: { sid, ...data }, update: data })
      .then(() => callback?.(), (error) => callback?.(error));
  }

  // Sessions do not roll (the cookie's expiry is fixed at sign-in), so the row's
  // expiry must not move either; skipping the write saves one query per request.
  override touch(_sid: string, _sess: session.SessionData, callback?: () => void): void {
    callback?.();
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.db.prisma.session
      .deleteMany({ where: { sid } })
      .then(() => callback?.(), (error) => callback?.(error));
  }

  /** Deletes expired rows; returns how many. */
  async purgeExpired(now: Date = new Date()): Promise<number> {
    const { count } = await this.db.prisma.session.deleteMany({ where: { expire: { lte: now } } });
    return count;
  }
}

function expiryOf(sess: session.SessionData): Date {
  const expires = sess.cookie?.expires;
  if (expires) return new Date(expires);
  return new Date(Date.now() + (sess.cookie?.maxAge ?? ONE_DAY_MS));
}
