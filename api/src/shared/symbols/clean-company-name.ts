// Company names as the lists write them → as people and news write them, for display and matching.

/** "Lilly (Eli)" → "Eli Lilly", "Coca-Cola Company (The)" → "Coca-Cola Company", "Alphabet Inc. (Class A)" → "Alphabet Inc." */
export function cleanCompanyName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[–—]/g, "-")
    .trim()
    .replace(/^(.+?)\s*\(((?!The\b|Class\b)\p{Lu}\p{Ll}+)\)$/u, "$2 $1")
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/\s+(common stock|ordinary shares|american depositary shares|class [a-c])\b.*$/i, "")
    .replace(/^the\s+/i, "")
    .replace(/,/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
