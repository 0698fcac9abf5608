/** @db */
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

const validMessage = {
  firstName: "  Ada ",
  lastName: "Lovelace",
  email: "Ada@Example.com ",
  investmentFocus: "family-office",
  message: "I would like a demo of the combined screener.",
};

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
beforeEach(() => db.reset());
afterAll(() => db.close());

describe("POST /api/contact", () => {
  it("stores a valid message, trimmed, and answers 201 with its id and time", async () => {
    const { app } = createTestApp(db);
    const response = await request(app).post("/api/contact").send(validMessage).expect(201);

    expect(response.body).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const stored = await db.prisma.contactMessage.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "Ada@Example.com",
      investmentFocus: "family-office",
      message: validMessage.message,
    });
  });

  it("rejects an invalid email with 400 naming the field, and stores nothing", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/api/contact")
      .send({ ...validMessage, email: "x" })
      .expect(400);

    expect(response.body.message).toMatch(/email/);
    expect(response.body.errors).toEqual([{ field: "email", message: "Email must be a valid email address." }]);
    expect(await db.prisma.contactMessage.count()).toBe(0);
  });

  it("lists every missing field and the allowed investment focus values", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/api/contact")
      .send({ firstName: " ", investmentFocus: "hedge-fund" })
      .expect(400);

    const fields = response.body.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(["firstName", "lastName", "email", "investmentFocus", "message"]);
    expect(response.body.errors[3].message).toBe(
      "Investment focus must be one of: individual, institutional, family-office, advisor.",
    );
  });

  it("rejects over-long text", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/api/contact")
      .send({ ...validMessage, message: "x".repeat(5001) })
      .expect(400);
    expect(response.body.errors).toEqual([{ field: "message", message: "Message must be at most 5000 characters." }]);
  });

  it("refuses text with a NUL or an unpaired surrogate with 400 naming the field, and stores nothing", async () => {
    const { app } = createTestApp(db);
    const nul = await request(app)
      .post("/api/contact")
      .send({ ...validMessage, message: "hello\u0000world" })
      .expect(400);
    expect(nul.body.errors).toEqual([{ field: "message", message: expect.stringMatching(/^message contains a character that cannot be stored/) }]);
    // JSON escapes reach the server as a lone surrogate; UTF-8 cannot store it.
    const surrogate = await request(app)
      .post("/api/contact")
      .set("content-type", "application/json")
      .send(JSON.stringify(validMessage).replace("Lovelace", "Love\\ud800lace"))
      .expect(400);
    expect(surrogate.body.errors.map((error: { field: string }) => error.field)).toEqual(["lastName"]);
    expect(await db.prisma.contactMessage.count()).toBe(0);
  });

  it("answers malformed JSON with 400", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/api/contact")
      .set("content-type", "application/json")
      .send("{not json")
      .expect(400);
    expect(response.body.message).toBe("Request body must be valid JSON.");
  });

  it("answers the sixth request in a minute from one IP with 429 and Retry-After", async () => {
    const { app } = createTestApp(db);
    for (let attempt = 0; attempt < 5; attempt++) {
      await request(app).post("/api/contact").set("x-forwarded-for", "203.0.113.7").send(validMessage).expect(201);
    }
    const limited = await request(app)
      .post("/api/contact")
      .set("x-forwarded-for", "203.0.113.7")
      .send(validMessage)
      .expect(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.body.code).toBe("RATE_LIMITED");

    // Another client is unaffected.
    await request(app).post("/api/contact").set("x-forwarded-for", "198.51.100.2").send(validMessage).expect(201);
    expect(await db.prisma.contactMessage.count()).toBe(6);
  });
});

describe("mutation submitContactMessage", () => {
  const mutation = `mutation Submit($input: SubmitContactMessageInput!) {
    submitContactMessage(input: $input) { id createdAt }
  }`;

  it("stores the message through the same service", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/graphql")
      .send({ query: mutation, variables: { input: { ...validMessage, investmentFocus: "ADVISOR" } } })
      .expect(200);

    const { id } = response.body.data.submitContactMessage;
    const stored = await db.prisma.contactMessage.findUniqueOrThrow({ where: { id } });
    expect(stored.investmentFocus).toBe("advisor");
  });

  it("returns a typed BAD_USER_INPUT error listing the fields, and stores nothing", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/graphql")
      .send({ query: mutation, variables: { input: { ...validMessage, investmentFocus: "INDIVIDUAL", email: "x", lastName: "" } } })
      .expect(200);

    expect(response.body.data).toBeNull();
    expect(response.body.errors[0].extensions).toEqual({
      code: "BAD_USER_INPUT",
      fieldErrors: [
        { field: "lastName", message: "Last name is required." },
        { field: "email", message: "Email must be a valid email address." },
      ],
    });
    expect(await db.prisma.contactMessage.count()).toBe(0);
  });

  it("refuses a NUL in any text with a typed error naming the field, as the REST shim does", async () => {
    const { app } = createTestApp(db);
    const response = await request(app)
      .post("/graphql")
      .send({ query: mutation, variables: { input: { ...validMessage, investmentFocus: "INDIVIDUAL", firstName: "A\u0000da" } } })
      .expect(200);
    expect(response.body.errors[0].extensions).toEqual({
      code: "BAD_USER_INPUT",
      fieldErrors: [{ field: "firstName", message: expect.stringMatching(/cannot be stored/) }],
    });
    expect(await db.prisma.contactMessage.count()).toBe(0);
  });

  it("shares the per-IP rate limit with the REST shim", async () => {
    const { app } = createTestApp(db);
    for (let attempt = 0; attempt < 5; attempt++) {
      await request(app).post("/api/contact").send(validMessage).expect(201);
    }
    const response = await request(app)
      .post("/graphql")
      .send({ query: mutation, variables: { input: { ...validMessage, investmentFocus: "INDIVIDUAL" } } });
    expect(response.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) });
  });
});
