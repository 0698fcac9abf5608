import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "web/dist/", "api/dist/", "api/src/generated/", "**/__generated__/", "test-results/", ".data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["**/*.test.{ts,tsx}", "**/test/**", "e2e/**"],
    languageOptions: { globals: { ...globals.jest } },
  },
  { files: ["relay.config.js", "api/test/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
);
