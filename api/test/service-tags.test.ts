// `npm run test:pg` runs only the api test files tagged @db or @redis (service-tags.cjs): a file
// that uses the test database or Redis without its tag would silently skip CI's PostgreSQL and
// Redis pass. This fails first.
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../src/config/project-root";
import serviceTestsOnly from "./service-tags.cjs";

const { databaseHelpers, requiredTags, serviceTags, tagsOf } = serviceTestsOnly;

function testFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : testFiles(full);
    return entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

// The api project's test files (jest.config.ts: roots api, testMatch **/*.test.ts).
const apiTestFiles = testFiles(path.join(projectRoot, "api"));
const relative = (file: string) => path.relative(projectRoot, file);

it("finds the api test files, and the database helpers it looks for exist", () => {
  expect(apiTestFiles.length).toBeGreaterThan(50);
  for (const helper of databaseHelpers) expect([helper, fs.existsSync(path.join(projectRoot, "api", `${helper}.ts`))]).toEqual([helper, true]);
});

it("tags every test file that uses the test database @db, and every one that uses Redis @redis", () => {
  const missing = apiTestFiles.flatMap((file) => {
    const tags = tagsOf(file);
    return [...requiredTags(fs.readFileSync(file, "utf8"))].filter((tag) => !tags.has(tag)).map((tag) => `${relative(file)}: @${tag}`);
  });
  // Add the tag to the docblock that opens the file (see api/test/service-tags.cjs).
  expect(missing).toEqual([]);
});

it("tags no file that uses neither (test:pg would run it twice for nothing)", () => {
  const needless = apiTestFiles.flatMap((file) => {
    const required = requiredTags(fs.readFileSync(file, "utf8"));
    return [...tagsOf(file)].filter((tag) => serviceTags.includes(tag) && !required.has(tag)).map((tag) => `${relative(file)}: @${tag}`);
  });
  expect(needless).toEqual([]);
});

it("reads what calls for a tag: a database helper import, the services' variables", () => {
  // Built from parts, so that this file's own source calls for no tag.
  const importFrom = (specifier: string) => `import { helper } from "${specifier}";`;
  const variable = (...words: string[]) => `const url = process.env.${words.join("_")};`;
  expect([...requiredTags(importFrom("../../test/" + "test-database"))]).toEqual(["db"]);
  expect([...requiredTags(importFrom("../test/" + "sign-in"))]).toEqual(["db"]);
  expect([...requiredTags(importFrom("../../test/fake-stripe/" + "fake-stripe-suite"))]).toEqual(["db"]);
  expect([...requiredTags(variable("TEST", "DATABASE", "URL"))]).toEqual(["db"]);
  expect([...requiredTags(variable("TEST", "REDIS", "URL"))]).toEqual(["redis"]);
  expect([...requiredTags(importFrom("../../test/eventually") + importFrom("./schema"))]).toEqual([]);
});

it("the test:pg filter keeps exactly the tagged files", async () => {
  const { filtered } = await serviceTestsOnly(apiTestFiles);
  const tagged = apiTestFiles.filter((file) => ["db", "redis"].some((tag) => tagsOf(file).has(tag)));
  expect(filtered).toEqual(tagged);
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.length).toBeLessThan(apiTestFiles.length);
  expect(filtered.map(relative)).toContain("api/src/auth/pro-access-coverage.test.ts");
  expect(filtered.map(relative)).not.toContain("api/test/service-tags.test.ts");
});
