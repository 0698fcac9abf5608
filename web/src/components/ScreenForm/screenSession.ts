import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { DEFAULT_SCREEN_FORM_VALUES, type ScreenFormValues } from "./screenFormValues";

// What the screener keeps for the browser tab's session: each tab's form and last run, and the
// results table's sort. Back from a stock page, or its "← Back to results" link (a fresh
// navigation), then finds the screen as it was left, signed in or not. sessionStorage outlives a
// reload; the copy in memory covers a large run that does not fit the storage quota.

const STORAGE_PREFIX = "tickerscope.screen.v1.";
const memory = new Map<string, string>();

/** The session key of one screener tab's state; per viewer, so a sign-out does not show the last user's screen. */
export function screenSessionKey(kind: "basic" | "combined" | "pro", viewerId: string | null | undefined): string {
  return `${kind}.${viewerId ?? "anonymous"}`;
}

export function readScreenSession<T>(key: string): T | null {
  let raw = memory.get(key);
  if (raw === undefined) {
    try {
      raw = window.sessionStorage.getItem(STORAGE_PREFIX + key) ?? undefined;
    } catch {
      // Storage disabled (privacy settings): nothing was kept.
    }
  }
  if (raw === undefined) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeScreenSession(key: string, value: unknown): void {
  const raw = JSON.stringify(value);
  memory.set(key, raw);
  try {
    window.sessionStorage.setItem(STORAGE_PREFIX + key, raw);
  } catch {
    // Over quota or disabled: drop the older copy so a reload cannot bring back a stale one.
    try {
      window.sessionStorage.removeItem(STORAGE_PREFIX + key);
    } catch {
      // Storage disabled: the memory copy is all there is.
    }
  }
}

/**
 * useState whose value is kept in the screen session under `key`: a remount starts from the kept
 * value, passed through `revive` (e.g. to fill fields added since it was stored).
 */
export function useScreenSessionState<T>(key: string, initial: T, revive: (stored: T) => T = (stored) => stored): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => {
    const stored = readScreenSession<T>(key);
    return stored == null ? initial : revive(stored);
  });
  useEffect(() => writeScreenSession(key, value), [key, value]);
  return [value, setValue];
}

/** A screener tab's form values, kept under `${sessionKey}.form`; fields added since they were kept take their defaults. */
export function useScreenFormSession(sessionKey: string): [ScreenFormValues, Dispatch<SetStateAction<ScreenFormValues>>] {
  return useScreenSessionState(`${sessionKey}.form`, DEFAULT_SCREEN_FORM_VALUES, (stored) => ({ ...DEFAULT_SCREEN_FORM_VALUES, ...stored }));
}

/** Forget everything kept (tests). */
export function clearScreenSession(): void {
  memory.clear();
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(STORAGE_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing to clear.
  }
}
