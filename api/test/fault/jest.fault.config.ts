/** @jest-config-loader esbuild-register */
import type { Config } from "jest";
import { sharedAlias } from "../../../jest.config";

// Fault tests: the real server process killed, stopped or cut off from its database mid-way
// (`npm run test:fault`; loopback only). PostgreSQL ones skip without TEST_DATABASE_URL.
const config: Config = {
  displayName: "fault",
  rootDir: "../../..",
  roots: ["<rootDir>/api/test/fault"],
  testMatch: ["**/*.fault.ts"],
  testEnvironment: "node",
  moduleNameMapper: sharedAlias,
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }],
  },
  testTimeout: 240_000,
  // The PGlite and the PostgreSQL file run side by side: each mostly waits on its servers.
  maxWorkers: 2,
};

export default config;
