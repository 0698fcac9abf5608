// Screens a signed-in user saved by name (presets of their own). Private to their owner:
// every read and write is scoped to the viewer's id, so another user's id reads as not found.
import { z } from "zod";
import type { Viewer } from "../auth/viewer";
import { hasProAccess } from "../billing/pro-access";
import type { Database } from "../db/database";
import { AppError } from "../errors/app-error";
import { isUuid, parseInput } from "../errors/validation";
import type { SavedScreen } from "../generated/prisma/client";
import type { ScreenKind } from "./screen";
import { parseScreenRequest, type ScreenRequest } from "./screen-request";

export const MAX_SAVED_SCREENS = 100;

const savedScreenName = z.object({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .min(1, { error: "name must be 1 to 80 characters" })
    .max(80, { error: "name must be 1 to 80 characters" }),
});

function requireSignedIn(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in to save screens.");
  return viewer;
}

/** The validated request a saved screen holds. */
export const savedRequest = (screen: SavedScreen): ScreenRequest => screen.request as ScreenRequest;

/**
 * Saves the request under a name (trimmed, 1–80 characters); the same name overwrites.
 * The request is validated as a run would be; a Combined or Pro screen needs Pro access.
 */
export async function saveScreen(
  context: { db: Database; viewer: Viewer | null },
  input: { name: unknown; kind: ScreenKind; request: unknown },
): Promise<SavedScreen> {
  const viewer = requireSignedIn(context.viewer);
  if ((input.kind === "combined" || input.kind === "pro") && !hasProAccess(viewer.user)) {
    throw new AppError("PRO_REQUIRED", `Saving a ${input.kind === "pro" ? "Pro" : "Combined"} screen needs a Pro subscription.`);
  }
  const { name } = parseInput(savedScreenName, { name: input.name });
  // A Pro screen's request carries its advanced filters; the others' refuse them by name.
  const { request } = parseScreenRequest(input.request, input.kind === "pro");
  const userId = viewer.user.id;
  const saved = await context.db.prisma.savedScreen.count({ where: { userId, name: { not: name } } });
  if (saved >= MAX_SAVED_SCREENS) {
    const message = `You can keep at most ${MAX_SAVED_SCREENS} saved screens; delete one first.`;
    throw new AppError("BAD_USER_INPUT", message, { fieldErrors: [{ field: "name", message }] });
  }
  return context.db.prisma.savedScreen.upsert({
    where: { userId_name: { userId, name } },
    create: { userId, name, kind: input.kind, request },
    update: { kind: input.kind, request },
  });
}

/** Deletes one of the viewer's saved screens; any other id is NOT_FOUND. */
export async function deleteSavedScreen(context: { db: Database; viewer: Viewer | null }, id: string): Promise<string> {
  const viewer = requireSignedIn(context.viewer);
  const { count } = isUuid(id)
    ? await context.db.prisma.savedScreen.deleteMany({ where: { id, userId: viewer.user.id } })
    : { count: 0 };
  if (count === 0) throw new AppError("NOT_FOUND", "No saved screen of yours has this id.");
  return id;
}

/** The viewer's saved screens, newest first. */
export function listSavedScreens(db: Database, userId: string): Promise<SavedScreen[]> {
  return db.prisma.savedScreen.findMany({ where: { userId }, orderBy: [{ updatedAt: "desc" }, { id: "asc" }] });
}

/** Saved screens by id, in the ids' order: the viewer's, null for any other (and for anonymous viewers). */
export async function findSavedScreens(db: Database, viewer: Viewer | null, ids: readonly string[]): Promise<(SavedScreen | null)[]> {
  const wanted = ids.filter((id) => isUuid(id));
  const found =
    viewer && wanted.length > 0 ? await db.prisma.savedScreen.findMany({ where: { id: { in: wanted }, userId: viewer.user.id } }) : [];
  const byId = new Map(found.map((screen) => [screen.id, screen]));
  return ids.map((id) => byId.get(id) ?? null);
}
