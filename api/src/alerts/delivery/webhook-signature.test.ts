import { newWebhookSecret, signWebhook, verifyWebhookSignature } from "./webhook-signature";

const secret = "whsec_test-secret";
const body = JSON.stringify({ type: "alert.fired", deliveryId: "d1", firing: { ticker: "AAPL" } });
const signedAt = new Date("2026-11-28T12:00:00Z");
const t = signedAt.getTime() / 1000;

describe("webhook signatures", () => {
  it("signs t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<body>'> and verifies the round trip", () => {
    const header = signWebhook(secret, body, t);
    expect(header).toMatch(/^t=1795867200,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, { now: signedAt })).toBe(true);
    // A receiver's clock a little behind or ahead is fine.
    expect(verifyWebhookSignature(secret, header, body, { now: new Date(signedAt.getTime() + 299_000) })).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, { now: new Date(signedAt.getTime() - 60_000) })).toBe(true);
  });

  it("refuses a changed body, another secret, a changed timestamp and a malformed header", () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(secret, header, body.replace("AAPL", "MSFT"), { now: signedAt })).toBe(false);
    expect(verifyWebhookSignature("whsec_other", header, body, { now: signedAt })).toBe(false);
    expect(verifyWebhookSignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), body, { now: signedAt })).toBe(false);
    for (const bad of ["", "v1=abc", `t=${t}`, `t=${t},v1=zz`, `t=abc,v1=${"0".repeat(64)}`, `t=${t},v1=${"0".repeat(63)}`, null, undefined]) {
      expect(verifyWebhookSignature(secret, bad, body, { now: signedAt })).toBe(false);
    }
  });

  it("refuses a stale timestamp (replay) past the tolerance, 5 minutes by default", () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(secret, header, body, { now: new Date(signedAt.getTime() + 301_000) })).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, { now: new Date(signedAt.getTime() + 3_600_000), toleranceSeconds: 7200 })).toBe(true);
  });

  it("accepts any of several v1 signatures (a secret's rotation)", () => {
    const header = `${signWebhook("whsec_old", body, t)},v1=${signWebhook(secret, body, t).split("v1=")[1]}`;
    expect(verifyWebhookSignature(secret, header, body, { now: signedAt })).toBe(true);
  });

  it("makes secrets of whsec_ and 32 random bytes in base64url", () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
});
