/** @jest-config-loader esbuild-register */
import type { Config } from "jest";

// One runner, three layers: api unit + integration tests (node, real database
// through api/test/), and web component tests (jsdom, Relay mock environment).
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
  },
] as const;

const config: Config = {
  projects: [
    {
      displayName: "api",
      testEnvironment: "node",
      roots: ["<rootDir>/api"],
      testMatch: ["**/*.test.ts"],
      transform: { "^.+\\.(t|j)sx?$": swc as never },
      globalSetup: "<rootDir>/api/test/global-setup.ts",
    },
    {
      displayName: "web",
      testEnvironment: "jsdom",
      roots: ["<rootDir>/web/src"],
      testMatch: ["**/*.test.tsx", "**/*.test.ts"],
      transform: { "^.+\\.(t|j)sx?$": swc as never },
      moduleNameMapper: { "\\.(css|svg|png|mp4|webm)$": "<rootDir>/web/test/file-stub.ts" },
      setupFiles: ["<rootDir>/web/test/setup.ts"],
    },
  ],
};

export default config;
