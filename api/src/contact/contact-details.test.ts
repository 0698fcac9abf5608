/** @db */
import request from "supertest";
import { createTestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

it("serves the contact details from configuration", async () => {
  const { app } = createTestApp(db, { CONTACT_EMAIL: "desk@example.com", CONTACT_PHONE: "+1 212 555 0100" });
  const response = await request(app).post("/graphql").send({ query: "{ contactDetails { email phone hours } }" });
  expect(response.body.data.contactDetails).toEqual({
    email: "desk@example.com",
    phone: "+1 212 555 0100",
    hours: "Mon-Fri 8:00 AM - 6:00 PM EST",
  });
});
