import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the few Stripe API endpoints Tickerscope calls, so tests
 * run the real `stripe` SDK end to end without the internet. It keeps objects
 * in memory, answers with JSON shaped like Stripe's (ids, `object` names,
 * lists, error bodies), and records every request for assertions.
 *
 * Served: prices (list by lookup_keys, create), customers (create),
 * checkout sessions (create, retrieve with expand[]=subscription),
 * subscriptions (retrieve), billing portal sessions (create).
 * Test controls: completeCheckout, updateSubscription, event.
 */

type StripeObject = Record<string, unknown> & { id: string };
export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
};

const now = () => Math.floor(Date.now() / 1000);
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const stripeId = (prefix: string) =>
  `${prefix}_${Array.from(crypto.randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join("")}`;

/** Stripe's form encoding (`a[b][0][c]=v`) → nested objects and arrays. */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return toArrays(root) as Record<string, unknown>;
}

function toArrays(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, toArrays(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

const list = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string) =>
  new StripeHttpError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param: "id" });

export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly secretKey = "sk_test_fake_tickerscope";
  readonly webhookSecret = "whsec_fake_tickerscope";
  private readonly products = new Map<string, StripeObject>();
  private readonly prices = new Map<string, StripeObject>();
  private readonly customers = new Map<string, StripeObject>();
  private readonly checkoutSessions = new Map<string, StripeObject>();
  private readonly subscriptions = new Map<string, StripeObject>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  url = "";

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  /** The app's environment for talking to this fake. */
  environment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_API_URL: this.url, ...extra };
  }

  /** Requests to one endpoint, e.g. requestsTo("POST", "/v1/checkout/sessions"). */
  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  /** A checkout session as the API shows it (subscription not expanded). */
  checkoutSession(id: string): StripeObject | undefined {
    const session = this.checkoutSessions.get(id);
    return session && this.publicView(session, false);
  }

  subscription(id: string): StripeObject | undefined {
    return this.subscriptions.get(id);
  }

  /** What Stripe does when the buyer finishes Checkout: a trialing subscription, and the session complete. */
  completeCheckout(sessionId: string): StripeObject {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const subscriptionData = (session._subscription_data ?? {}) as { trial_period_days?: string; metadata?: Record<string, string> };
    const trialDays = Number(subscriptionData.trial_period_days ?? 0);
    const price = this.prices.get(session._price as string) ?? this.createPrice({ unit_amount: "3000", currency: "usd", recurring: { interval: "month" } });
    const created = now();
    const trialEnd = trialDays > 0 ? created + trialDays * 86_400 : null;
    const subscriptionId = stripeId("sub");
    const periodEnd = trialEnd ?? created + 30 * 86_400;
    const subscription: StripeObject = {
      id: subscriptionId,
      object: "subscription",
      application: null,
      billing_cycle_anchor: periodEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: "charge_automatically",
      created,
      currency: "usd",
      customer: session.customer,
      default_payment_method: stripeId("pm"),
      description: null,
      ended_at: null,
      items: list(
        [
          {
            id: stripeId("si"),
            object: "subscription_item",
            created,
            current_period_start: created,
            current_period_end: periodEnd,
            metadata: {},
            price,
            quantity: 1,
            subscription: subscriptionId,
          },
        ],
        `/v1/subscription_items?subscription=${subscriptionId}`,
      ),
      latest_invoice: stripeId("in"),
      livemode: false,
      metadata: subscriptionData.metadata ?? {},
      start_date: created,
      status: trialEnd ? "trialing" : "active",
      trial_end: trialEnd,
      trial_start: trialEnd ? created : null,
    };
    this.subscriptions.set(subscriptionId, subscription);
    Object.assign(session, {
      status: "complete",
      payment_status: trialEnd ? "no_payment_required" : "paid",
      subscription: subscriptionId,
      customer_details: { email: (this.customers.get(session.customer as string)?.email as string) ?? null },
    });
    return subscription;
  }

  /** Changes a subscription as Stripe would after a payment, a cancellation... */
  updateSubscription(id: string, changes: Record<string, unknown>): StripeObject {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return Object.assign(subscription, changes);
  }

  /** A webhook event payload (JSON text) as Stripe sends it. */
  event(type: string, object: unknown, options: { created?: number; id?: string } = {}): string {
    return JSON.stringify({
      id: options.id ?? stripeId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: options.created ?? now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
  }

  /** An invoice whose payment failed, for `invoice.payment_failed`. */
  failedInvoice(subscriptionId: string): StripeObject {
    const subscription = this.subscriptions.get(subscriptionId);
    return {
      id: stripeId("in"),
      object: "invoice",
      amount_due: 3000,
      amount_paid: 0,
      attempt_count: 1,
      attempted: true,
      billing_reason: "subscription_cycle",
      currency: "usd",
      customer: subscription?.customer ?? null,
      livemode: false,
      parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: {}, subscription: subscriptionId } },
      status: "open",
    };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake-stripe");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: parseStripeForm(url.search.slice(1)),
        body: parseStripeForm(Buffer.concat(chunks).toString("utf8")),
        headers: req.headers,
      };
      this.requests.push(recorded);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": stripeId("req") });
        res.end(JSON.stringify(body));
      };
      try {
        if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
          throw new StripeHttpError(401, { type: "invalid_request_error", message: "Invalid API Key provided." });
        }
        send(200, this.route(recorded));
      } catch (error) {
        if (error instanceof StripeHttpError) send(error.status, { error: error.body });
        else send(500, { error: { type: "api_error", message: String(error) } });
      }
    });
  }

  private route({ method, path, query, body }: RecordedRequest): unknown {
    const route = `${method} ${path.replace(/^\/v1\/(checkout\/sessions|subscriptions)\/[^/]+$/, "/v1/$1/:id")}`;
    const id = decodeURIComponent(path.split("/").pop() ?? "");
    switch (route) {
      case "GET /v1/prices": {
        const keys = (query.lookup_keys as string[] | undefined) ?? [];
        const found = [...this.prices.values()].filter((price) => keys.includes(price.lookup_key as string) && price.active);
        return list(found.slice(0, Number(query.limit ?? 10)), "/v1/prices");
      }
      case "POST /v1/prices":
        return this.createPrice(body);
      case "POST /v1/customers":
        return this.createCustomer(body);
      case "POST /v1/checkout/sessions":
        return this.createCheckoutSession(body);
      case "GET /v1/checkout/sessions/:id": {
        const session = this.checkoutSessions.get(id);
        if (!session) throw missing("checkout.session", id);
        const expand = (query.expand as string[] | undefined) ?? [];
        return this.publicView(session, expand.includes("subscription"));
      }
      case "GET /v1/subscriptions/:id": {
        const subscription = this.subscriptions.get(id);
        if (!subscription) throw missing("subscription", id);
        return subscription;
      }
      case "POST /v1/billing_portal/sessions": {
        const customer = body.customer as string;
        if (!this.customers.has(customer)) throw missing("customer", customer);
        return {
          id: stripeId("bps"),
          object: "billing_portal.session",
          configuration: stripeId("bpc"),
          created: now(),
          customer,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: body.return_url ?? null,
          url: `https://billing.stripe.com/p/session/test_${crypto.randomBytes(12).toString("hex")}`,
        };
      }
      default:
        throw new StripeHttpError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  private createCustomer(body: Record<string, unknown>): StripeObject {
    const customer: StripeObject = {
      id: stripeId("cus"),
      object: "customer",
      balance: 0,
      created: now(),
      currency: null,
      delinquent: false,
      email: body.email ?? null,
      invoice_prefix: crypto.randomBytes(4).toString("hex").toUpperCase(),
      livemode: false,
      metadata: body.metadata ?? {},
      name: body.name ?? null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** A price, as POST /v1/prices makes one (tests create a STRIPE_PRICE_ID price with it). */
  createPrice(body: Record<string, unknown>): StripeObject {
    const productData = body.product_data as { name?: string } | undefined;
    let product = body.product as string | undefined;
    if (!product) {
      product = stripeId("prod");
      this.products.set(product, { id: product, object: "product", name: productData?.name ?? "Product", active: true, created: now() });
    }
    const recurring = body.recurring as { interval?: string } | undefined;
    const price: StripeObject = {
      id: stripeId("price"),
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created: now(),
      currency: body.currency,
      livemode: false,
      lookup_key: body.lookup_key ?? null,
      metadata: {},
      nickname: null,
      product,
      recurring: recurring
        ? { interval: recurring.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" }
        : null,
      tax_behavior: "unspecified",
      type: recurring ? "recurring" : "one_time",
      unit_amount: Number(body.unit_amount),
      unit_amount_decimal: String(body.unit_amount),
    };
    this.prices.set(price.id, price);
    return price;
  }

  private createCheckoutSession(body: Record<string, unknown>): StripeObject {
    const lineItems = (body.line_items as { price: string }[] | undefined) ?? [];
    const price = lineItems[0]?.price;
    if (!price || !this.prices.has(price)) {
      throw new StripeHttpError(400, { type: "invalid_request_error", code: "resource_missing", message: `No such price: '${price}'`, param: "line_items[0][price]" });
    }
    if (body.customer && !this.customers.has(body.customer as string)) throw missing("customer", body.customer as string);
    const created = now();
    const id = stripeId("cs_test");
    const session: StripeObject = {
      id,
      object: "checkout.session",
      amount_subtotal: 3000,
      amount_total: 3000,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      created,
      currency: "usd",
      customer: body.customer ?? null,
      customer_email: null,
      expires_at: created + 86_400,
      livemode: false,
      metadata: body.metadata ?? {},
      mode: body.mode,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: body.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      _price: price,
      _subscription_data: body.subscription_data,
    };
    this.checkoutSessions.set(id, session);
    return this.publicView(session, false);
  }

  /** A session without the fake's private fields, with the subscription expanded when asked. */
  private publicView(session: StripeObject, expandSubscription: boolean): StripeObject {
    const view = Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith("_"))) as StripeObject;
    if (expandSubscription && typeof view.subscription === "string") view.subscription = this.subscriptions.get(view.subscription) ?? null;
    return view;
  }
}
