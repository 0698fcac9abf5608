import { ConfigError, loadConfig } from "./config";

it("defaults to the embedded database and port 3000 with no environment", () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.database).toEqual({ kind: "pglite", dataDir: expect.stringMatching(/\.data\/pglite$/) });
  expect(config.contact.hours).toBe("Mon-Fri 8:00 AM - 6:00 PM EST");
});

it("uses PostgreSQL when DATABASE_URL is set", () => {
  expect(loadConfig({ DATABASE_URL: "postgresql://u@db:5432/app" }).database).toEqual({
    kind: "postgres",
    url: "postgresql://u@db:5432/app",
  });
});

it("names every bad variable and its rule", () => {
  let error: unknown;
  try {
    loadConfig({ PORT: "99999", DATABASE_URL: "mysql://x", CONTACT_EMAIL: "nope" });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems.join("\n");
  expect(problems).toMatch(/PORT: .*65535/);
  expect(problems).toMatch(/DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//);
  expect(problems).toMatch(/CONTACT_EMAIL: /);
});
