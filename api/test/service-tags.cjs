// The api test files that use a test service CI runs for real: they carry a pragma in the docblock
// that opens the file (jest's own convention, as for @jest-environment):
//
//   @db     its database is the one TEST_DATABASE_URL names when set (the PostgreSQL pass of CI),
//           else an in-memory PGlite copy: it uses api/test/test-database.ts or a helper taking it;
//   @redis  it runs more cases against the Redis that TEST_REDIS_URL names.
//
// `npm run test:pg` passes this module to jest's --filter, so it runs only the tagged files; the
// api files without a database run once, in `npm test`. service-tags.test.ts fails when a file
// uses one of these services without its tag. A CommonJS module: jest requires the filter as is.
const fs = require("node:fs");
const { extract, parse } = require("jest-docblock");

/** The pragmas of the docblock that opens the file (empty when it opens with anything else). */
function tagsOf(file) {
  return new Set(Object.keys(parse(extract(fs.readFileSync(file, "utf8")))));
}

/** Test helpers whose callers use the test database (each takes or builds a Database). */
const databaseHelpers = [
  "test/test-database",
  "test/test-app",
  "test/template-database",
  "test/live-server",
  "test/sign-in",
  "test/market-data",
  "test/fake-stripe/fake-stripe-suite",
];

/** The tags a test file's source calls for. */
function requiredTags(source) {
  const required = new Set();
  const imports = [...source.matchAll(/from\s+["']([^"']+)["']/g)].map((match) => match[1]);
  if (
    imports.some((specifier) => databaseHelpers.some((helper) => specifier.endsWith(helper))) ||
    /\bTEST_DATABASE_URL\b|\bcreateTestDatabase\b|\bloadTemplateDatabase\b/.test(source)
  ) {
    required.add("db");
  }
  if (/\bTEST_REDIS_URL\b/.test(source)) required.add("redis");
  return required;
}

const serviceTags = ["db", "redis"];

/** jest --filter: keeps the test files tagged @db or @redis. */
module.exports = async function serviceTestsOnly(testPaths) {
  return { filtered: testPaths.filter((file) => serviceTags.some((tag) => tagsOf(file).has(tag))) };
};
module.exports.tagsOf = tagsOf;
module.exports.requiredTags = requiredTags;
module.exports.databaseHelpers = databaseHelpers;
module.exports.serviceTags = serviceTags;
