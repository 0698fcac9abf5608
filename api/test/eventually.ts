/**
 * Resolves when `check` holds, polling. It waits as long as the machine needs: the only limit is a
 * guard against a condition that never holds, kept under the test's own timeout (jest.config.ts:
 * 30 s) so the failure says which wait it was.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 25_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
