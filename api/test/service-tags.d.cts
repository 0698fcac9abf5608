/** jest --filter for `npm run test:pg`: keeps the test files tagged @db or @redis. */
declare function serviceTestsOnly(testPaths: string[]): Promise<{ filtered: string[] }>;
declare namespace serviceTestsOnly {
  /** The pragmas of the docblock that opens the file. */
  function tagsOf(file: string): Set<string>;
  /** The tags a test file's source calls for. */
  function requiredTags(source: string): Set<string>;
  const databaseHelpers: string[];
  const serviceTags: string[];
}
export = serviceTestsOnly;
