/** @jest-config-loader esbuild-register */
import type { Config } from "jest";

// One runner, three layers: api unit + integration tests (node, real database
// through api/test/), web component tests (jsdom, Relay mock environment), and
// the pure shared/ code both import.
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    // ESM-only packages (openid-client) load through a real import().
    module: { type: "commonjs", ignoreDynamic: true },
  },
] as const;

// Web components go through babel so babel-plugin-relay turns each graphql``
// tag into its relay-compiler artifact, exactly as the Vite build does.
const babelWithRelay = [
  "babel-jest",
  {
    babelrc: false,
    configFile: false,
    presets: [
      ["@babel/preset-typescript", { isTSX: true, allExtensions: true }],
      ["@babel/preset-react", { runtime: "automatic" }],
    ],
    plugins: [
      ["relay", { eagerEsModules: true }],
      "@babel/plugin-transform-dynamic-import",
      "@babel/plugin-transform-modules-commonjs",
    ],
  },
] as const;

/** tsconfig.json's @shared/* path alias, for every project (jest resolves without tsc). */
export const sharedAlias = { "^@shared/(.*)$": "<rootDir>/shared/$1" };

const config: Config = {
  // Tests never assert timings; this only ends a test that hangs. On a busy 2-core CI machine a
  // correct test may take many seconds (a clean clone compiles every module cold, and a web test
  // waits up to 5 s in each findBy*/waitFor, web/test/setup.ts): a Pro Screener test that takes
  // 0.7 s alone ran past 30 s once in a clean-clone CI. A global option: Jest ignores testTimeout
  // inside a project's config (the runs showed 5 s timeouts with it set there).
  testTimeout: 90_000,
  // Jest's default on 2 cores is a single worker; the suites spend most of their time in the
  // embedded database (one thread each), so two workers use both cores.
  maxWorkers: 2,
  // A worker that has run many files keeps what they leaked (a clean-clone CI saw one reach the 4 GB
  // heap limit in the web tests, after ~120 files): past this, it is replaced before its next file.
  workerIdleMemoryLimit: "1536MB",
  projects: [
    {
      displayName: "api",
      // Node's environment plus one embedded database per worker (api/test/database-environment.ts).
      testEnvironment: "<rootDir>/api/test/database-environment.ts",
      roots: ["<rootDir>/api"],
      testMatch: ["**/*.test.ts"],
      transform: { "^.+\\.(t|j)sx?$": swc as never },
      moduleNameMapper: sharedAlias,
      globalSetup: "<rootDir>/api/test/global-setup.ts",
      globalTeardown: "<rootDir>/api/test/global-teardown.ts",
    },
    {
      // The pure code web and api share: no database, no DOM.
      displayName: "shared",
      testEnvironment: "node",
      roots: ["<rootDir>/shared"],
      testMatch: ["**/*.test.ts"],
      transform: { "^.+\\.(t|j)sx?$": swc as never },
      moduleNameMapper: sharedAlias,
    },
    {
      displayName: "web",
      testEnvironment: "jsdom",
      roots: ["<rootDir>/web/src"],
      testMatch: ["**/*.test.tsx", "**/*.test.ts"],
      transform: { "^.+\\.(t|j)sx?$": babelWithRelay as never },
      moduleNameMapper: { ...sharedAlias, "\\.(css|svg|png|mp4|webm)$": "<rootDir>/web/test/file-stub.ts" },
      setupFiles: ["<rootDir>/web/test/setup.ts"],
      setupFilesAfterEnv: ["<rootDir>/web/test/setup-after-env.ts"],
    },
  ],
};

export default config;
