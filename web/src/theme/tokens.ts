export type ThemeMode = "light" | "dark";
export type ThemePreference = ThemeMode | "system";

export const THEME_STORAGE_KEY = "tickerscope.theme";
export const THEME_PREFERENCES: readonly ThemePreference[] = ["light", "dark", "system"];

const shared = {
  fonts: {
    body: `"Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
    mono: `ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`,
  },
  // Type scale (rem), 1.2 ratio.
  fontSizes: { xs: "0.75rem", sm: "0.875rem", md: "1rem", lg: "1.125rem", xl: "1.375rem", xxl: "1.75rem", display: "2.5rem" },
  space: { xs: "0.25rem", sm: "0.5rem", md: "1rem", lg: "1.5rem", xl: "2rem", xxl: "3rem" },
  radii: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  maxWidth: "1160px",
  breakpoints: { sm: "480px", md: "768px", lg: "1024px" },
};

const light = {
  ...shared,
  mode: "light" as ThemeMode,
  colors: {
    bg: "#f6f8fb",
    surface: "#ffffff",
    surfaceMuted: "#eef2f7",
    border: "#dbe2ea",
    text: "#0f172a",
    textMuted: "#475569",
    primary: "#1d4ed8",
    primaryHover: "#1e40af",
    primaryText: "#ffffff",
    accent: "#0e7490",
    // Dark enough for 4.5:1 on the muted surfaces and on the 8-14 % tints of itself (WCAG AA text).
    premium: "#92400e",
    danger: "#b91c1c",
    dangerText: "#ffffff",
    success: "#036b4f",
    focus: "#2563eb",
    overlay: "rgba(15, 23, 42, 0.55)",
    shadow: "0 1px 2px rgba(15, 23, 42, 0.06), 0 4px 16px rgba(15, 23, 42, 0.06)",
  },
};

const dark: typeof light = {
  ...shared,
  mode: "dark",
  colors: {
    bg: "#0b1120",
    surface: "#111a2e",
    surfaceMuted: "#18233b",
    border: "#26324a",
    text: "#e5ecf5",
    textMuted: "#a3b1c6",
    primary: "#60a5fa",
    primaryHover: "#93c5fd",
    primaryText: "#0b1120",
    accent: "#22d3ee",
    premium: "#fbbf24",
    danger: "#f87171",
    dangerText: "#1b0a0a",
    success: "#34d399",
    focus: "#93c5fd",
    overlay: "rgba(2, 6, 23, 0.6)",
    shadow: "0 1px 2px rgba(0, 0, 0, 0.4), 0 6px 20px rgba(0, 0, 0, 0.35)",
  },
};

export type AppTheme = typeof light;
export const themes: Record<ThemeMode, AppTheme> = { light, dark };
