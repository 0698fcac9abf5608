import path from "node:path";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
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
  { files: ["relay.config.js", "api/test/*.cjs", "e2e/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  {
    // The web app and the API meet only in shared/ (@shared/...): the browser bundle never takes
    // server code, the server never takes the web app's, and shared/ takes neither.
    files: ["web/**", "api/**", "shared/**"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"], tsconfig: { configFile: path.join(import.meta.dirname, "tsconfig.json") } }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            // web/build.ts builds the web app with the server's build cache (api/src/build).
            { target: "./web", from: "./api", except: ["./src/build"], message: "The web app imports shared code from @shared/..., never from api/." },
            {
              target: "./api",
              from: "./web",
              // build.ts: the server rebuilds a stale web app at start.
              except: ["./build.ts"],
              message: "The API imports shared code from @shared/..., never from web/.",
            },
            { target: "./shared", from: ["./api", "./web"], message: "shared/ is imported by web and api, and imports neither." },
          ],
        },
      ],
    },
  },
  {
    // Pure code for the browser and Node alike: no Node APIs, React, Prisma or other app code.
    files: ["shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!(zod|csv-parse/sync)$|\\.|@shared/)", message: "shared/ imports only zod, csv-parse and its own modules." }] },
      ],
    },
  },
);
