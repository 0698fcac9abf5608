import http from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "../../errors/app-error";
import {
  assertDeliverableAddress,
  checkWebhookUrl,
  postToCheckedAddress,
  refusedAddress,
  WebhookAddressError,
  webhookAddressOptions,
  type WebhookAddressOptions,
} from "./webhook-address";

const strict: WebhookAddressOptions = { allowPrivateAddresses: false };

/** The refusal's field and message, or "allowed" with the URL as stored. */
async function verdict(url: unknown, options: WebhookAddressOptions = strict): Promise<string> {
  try {
    return `allowed ${await checkWebhookUrl(url, options)}`;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.fieldErrors).toHaveLength(1);
    return `${error.fieldErrors![0].field}: ${error.fieldErrors![0].message}`;
  }
}

describe("checkWebhookUrl (when an alert is saved)", () => {
  it("allows https to a public address", async () => {
    expect(await verdict("https://93.184.216.34/hook")).toBe("allowed https://93.184.216.34/hook");
    expect(await verdict("https://[2606:2800:220:1:248:1893:25c8:1946]/hook?x=1")).toBe("allowed https://[2606:2800:220:1:248:1893:25c8:1946]/hook?x=1");
    const resolve = async () => [{ address: "93.184.216.34", family: 4 as const }];
    expect(await verdict("https://hooks.example.com/tickerscope", { ...strict, resolve })).toBe("allowed https://hooks.example.com/tickerscope");
  });

  it.each([
    ["https://localhost/hook", /localhost resolves to (127\.0\.0\.1|::1), a loopback address/],
    ["https://127.0.0.1/hook", /127\.0\.0\.1, a loopback address/],
    ["https://127.1/hook", /127\.0\.0\.1, a loopback address/],
    ["https://10.0.0.1/hook", /10\.0\.0\.1, a private \(RFC 1918\) address/],
    ["https://192.168.1.20/hook", /private/],
    ["https://[::1]/hook", /::1, a loopback address/],
    ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254, a link-local address/],
    ["https://100.64.1.1/hook", /carrier-grade NAT/],
    ["https://[fd00::1]/hook", /unique-local/],
    ["https://[fe80::1]/hook", /link-local/],
    ["https://[::ffff:10.0.0.1]/hook", /private \(RFC 1918\) address \(IPv4-mapped\)/],
    ["https://0.0.0.0/hook", /unspecified/],
    ["https://224.0.0.1/hook", /multicast/],
    ["https://240.0.0.1/hook", /reserved/],
    ["https://198.18.0.1/hook", /benchmarking/],
    ["http://93.184.216.34/hook", /must use https:\/\//],
    ["ftp://93.184.216.34/hook", /must start with https:\/\//],
    ["https://user:pass@93.184.216.34/hook", /must not carry a user name or password/],
    [`https://93.184.216.34/${"a".repeat(2000)}`, /at most 2000 characters/],
    ["not a url", /Not a URL/],
    ["", /Give the receiver's URL/],
    [42, /Give the receiver's URL/],
  ])("refuses %s, naming webhookUrl", async (url, message) => {
    const answer = await verdict(url);
    expect(answer).toMatch(/^webhookUrl: /);
    expect(answer).toMatch(message);
  });

  it("refuses a name that resolves to any private address, or to none", async () => {
    const mixed = async () => [
      { address: "93.184.216.34", family: 4 as const },
      { address: "10.1.2.3", family: 4 as const },
    ];
    expect(await verdict("https://hooks.example.com/x", { ...strict, resolve: mixed })).toMatch(/hooks\.example\.com resolves to 10\.1\.2\.3, a private/);
    const missing = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await verdict("https://nowhere.invalid/x", { ...strict, resolve: missing })).toBe("webhookUrl: Its host nowhere.invalid does not resolve (ENOTFOUND).");
  });

  it("allows http and private addresses with ALERT_WEBHOOK_ALLOW_PRIVATE, never multicast or unspecified", async () => {
    const open = { allowPrivateAddresses: true };
    expect(await verdict("http://127.0.0.1:8080/hook", open)).toBe("allowed http://127.0.0.1:8080/hook");
    expect(await verdict("http://10.0.0.1/hook", open)).toBe("allowed http://10.0.0.1/hook");
    expect(await verdict("http://[::1]:9/hook", open)).toBe("allowed http://[::1]:9/hook");
    expect(await verdict("http://224.0.0.1/hook", open)).toMatch(/multicast/);
  });

  it("allows the app's own development inbox while mail goes to the outbox, and only its /dev/webhooks/ paths", async () => {
    const config = { publicUrl: "http://localhost:3000", alerts: { webhookAllowPrivate: false, deliveryPollSeconds: 5, digestHourUtc: 7 } } as never;
    const outbox = webhookAddressOptions({ config, mailer: { kind: "outbox" } as never });
    const smtp = webhookAddressOptions({ config, mailer: { kind: "smtp" } as never });
    expect(outbox.devInboxOrigin).toBe("http://localhost:3000");
    expect(await verdict("http://localhost:3000/dev/webhooks/try-it", outbox)).toBe("allowed http://localhost:3000/dev/webhooks/try-it");
    expect(await verdict("http://localhost:3000/api/admin/13f-imports", outbox)).toMatch(/must use https/);
    expect(await verdict("http://localhost:3001/dev/webhooks/try-it", outbox)).toMatch(/must use https/);
    expect(await verdict("http://localhost:3000/dev/webhooks/try-it", smtp)).toMatch(/must use https/);
    // The app's dependencies themselves may be passed.
    await expect(checkWebhookUrl("http://localhost:3000/dev/webhooks/try-it", { config, mailer: { kind: "outbox" } as never })).resolves.toBe("http://localhost:3000/dev/webhooks/try-it");
  });

  it("names the reason for an address", () => {
    expect(refusedAddress("8.8.8.8", strict)).toBeNull();
    expect(refusedAddress("2001:4860:4860::8888", strict)).toBeNull();
    expect(refusedAddress("172.16.5.4", strict)).toBe("a private (RFC 1918) address");
    expect(refusedAddress("::ffff:127.0.0.1", strict)).toBe("a loopback address (IPv4-mapped)");
    expect(refusedAddress("64:ff9b::a00:1", strict)).toBe("a NAT64 address");
  });
});

describe("assertDeliverableAddress (before every request)", () => {
  it("looks the name up again: a name rebound to a private address since the save is refused", async () => {
    let answer = "93.184.216.34";
    const options = { ...strict, resolve: async () => [{ address: answer, family: 4 as const }] };
    await expect(checkWebhookUrl("https://rebind.example.com/hook", options)).resolves.toBe("https://rebind.example.com/hook");
    await expect(assertDeliverableAddress("https://rebind.example.com/hook", options)).resolves.toMatchObject({ addresses: [{ address: "93.184.216.34", family: 4 }] });
    answer = "169.254.169.254";
    await expect(assertDeliverableAddress("https://rebind.example.com/hook", options)).rejects.toThrow(WebhookAddressError);
    await expect(assertDeliverableAddress("https://rebind.example.com/hook", options)).rejects.toThrow(/rebind\.example\.com resolves to 169\.254\.169\.254, a link-local address/);
  });

  it("connects to the checked address, keeping the URL's host name in the Host header", async () => {
    const seen: { host?: string; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({ host: req.headers.host, body });
        res.writeHead(302, { Location: "http://169.254.169.254/" }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      // The name does not exist: only the pinned address can have answered.
      const target = { url: new URL(`http://receiver.invalid:${port}/hook`), addresses: [{ address: "127.0.0.1", family: 4 as const }] };
      const answer = await postToCheckedAddress(target, { headers: { "Content-Type": "application/json" }, body: '{"a":1}', timeoutMs: 5000 });
      // A redirect is an answer, never followed.
      expect(answer.status).toBe(302);
      expect(seen).toEqual([{ host: `receiver.invalid:${port}`, body: '{"a":1}' }]);
      // A name with several checked addresses: one that refuses (nothing on ::1 here) falls back to the next.
      const both = { ...target, addresses: [{ address: "::1", family: 6 as const }, ...target.addresses] };
      expect((await postToCheckedAddress(both, { headers: {}, body: "{}", timeoutMs: 5000 })).status).toBe(302);
      expect(seen).toHaveLength(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
