/** @jest-config-loader esbuild-register */
import type { Config } from "jest";
import { sharedAlias } from "../jest.config";

// End-to-end: the app started as `npm start` would, driven through Debian's Chromium.
const config: Config = {
  displayName: "e2e",
  rootDir: "..",
  roots: ["<rootDir>/e2e"],
  testMatch: ["**/*.e2e.ts"],
  testEnvironment: "node",
  moduleNameMapper: sharedAlias,
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }],
  },
  globalSetup: "<rootDir>/e2e/start-app.ts",
  // Files that wait for the server's first AI picks pass run last (e2e/sequencer.cjs).
  testSequencer: "<rootDir>/e2e/sequencer.cjs",
  globalTeardown: "<rootDir>/e2e/stop-app.ts",
  testTimeout: 60_000,
  maxWorkers: 1,
};

export default config;
