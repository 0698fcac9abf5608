import express from "express";
import request from "supertest";
import { errorHandler } from "./error-handler";
import { requireSameOrigin } from "./same-origin";

const app = express();
app.use(requireSameOrigin({ publicUrl: "https://tickerscope.example" }));
app.post("/write", (_req, res) => {
  res.json({ ok: true });
});
app.use(errorHandler);

const post = () => request(app).post("/write").set("host", "tickerscope.example");

describe("requireSameOrigin", () => {
  it("accepts a same-origin form post whose Origin is null (a no-referrer page), as Chromium sends it", async () => {
    await post().set("sec-fetch-site", "same-origin").set("origin", "null").expect(200);
  });

  it("accepts a user-initiated navigation (Sec-Fetch-Site: none)", async () => {
    await post().set("sec-fetch-site", "none").expect(200);
  });

  it.each(["cross-site", "same-site"])("refuses Sec-Fetch-Site: %s whatever the Origin says", async (site) => {
    const response = await post().set("sec-fetch-site", site).set("origin", "https://tickerscope.example").expect(403);
    expect(response.body.message).toMatch(/did not come from Tickerscope/);
  });

  it("judges browsers without Sec-Fetch-Site by Origin, then Referer", async () => {
    await post().set("origin", "https://tickerscope.example").expect(200);
    await post().set("origin", "https://evil.example").expect(403);
    await post().set("origin", "null").expect(403);
    await post().set("referer", "https://tickerscope.example/pricing").expect(200);
    await post().set("referer", "https://evil.example/page").expect(403);
  });

  it("lets non-browser clients (no Origin, Referer or Sec-Fetch-Site) through: they carry no victim's cookies", async () => {
    await post().expect(200);
  });
});
