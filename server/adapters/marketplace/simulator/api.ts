import { timingSafeEqual } from "node:crypto";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type FormObject, parseStripeForm, stringList } from "./form.ts";
import { type Model, StripeApiError } from "./model.ts";
import type { Store, StripeObject } from "./store.ts";

/**
 * The subset of Stripe's HTTP API the adapter uses (server/adapters/marketplace/stripe.ts), so the
 * real `stripe` SDK works against it unchanged: Bearer keys, form-encoded bodies, Stripe-shaped
 * objects and errors, and idempotency keys (the same key and request answer the stored answer;
 * the same key with another request is refused with `idempotency_error`). The faults a test asks
 * for (server/adapters/marketplace/simulator/control.ts) answer before anything is done.
 */
export type Faults = {
  /** Fail the next `remaining` requests whose path starts with `path` with `status`. */
  failures: { path: string; status: number; remaining: number }[];
  /** Answer requests whose path starts with `path` (all when empty) `ms` later. */
  delay: { path: string; ms: number };
};

type Handler = (body: FormObject, c: Context) => StripeObject | Record<string, unknown>;

function errorBody(error: StripeApiError) {
  return { error: { type: error.type, code: error.code, message: error.message, param: error.param } };
}

/** A list answer, newest first, all on one page (the simulator holds a demo's worth of objects). */
const list = (url: string, data: StripeObject[]) => ({
  object: "list",
  url,
  has_more: false,
  data: [...data].sort((a, b) => Number(b.created) - Number(a.created)),
});

function sameKey(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `expand[]=payment_intent` on a session: the intent object instead of its id. */
function expandSession(model: Model, session: StripeObject, expand: string[]) {
  if (!expand.includes("payment_intent") || typeof session.payment_intent !== "string") return session;
  return { ...session, payment_intent: model.paymentIntent(session.payment_intent) };
}

/** The key first (401 otherwise), then the delay and failures a test asked for. */
function guard(apiKey: string, faults: Faults): MiddlewareHandler {
  return async (c, next) => {
    const auth = c.req.header("authorization") ?? "";
    const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (!sameKey(key, apiKey)) {
      return c.json(
        {
          error: {
            type: "invalid_request_error",
            message: "Invalid API Key provided (the simulator's key differs).",
          },
        },
        401,
      );
    }
    const path = new URL(c.req.url).pathname;
    if (faults.delay.ms > 0 && path.startsWith(faults.delay.path))
      await new Promise((resolve) => setTimeout(resolve, faults.delay.ms));
    const failure = faults.failures.find((f) => f.remaining > 0 && path.startsWith(f.path));
    if (failure) {
      failure.remaining -= 1;
      const type = failure.status === 429 ? "invalid_request_error" : "api_error";
      const code = failure.status === 429 ? "rate_limit" : undefined;
      return c.json(
        { error: { type, code, message: "A failure the simulator was asked for." } },
        failure.status as ContentfulStatusCode,
      );
    }
    await next();
  };
}

/** A POST that makes something: idempotent by its key, saved before the answer leaves. */
const idempotentPost = (store: Store) => (handler: Handler) => async (c: Context) => {
  const raw = await c.req.text();
  const body = parseStripeForm(raw);
  const key = c.req.header("idempotency-key");
  const request = `POST ${new URL(c.req.url).pathname} ${raw}`;
  if (key) {
    const stored = store.state.idempotency[key];
    if (stored && stored.request !== request) {
      return c.json(
        {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
        400,
      );
    }
    if (stored) {
      c.header("idempotent-replayed", "true");
      return c.json(stored.body, stored.status as ContentfulStatusCode);
    }
  }
  let status = 200;
  let answer: unknown;
  try {
    answer = handler(body, c);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    status = error.status;
    answer = errorBody(error);
  }
  // Stripe keeps the answer to a key, a refusal too (a retry is refused again); not a 5xx.
  if (key) store.state.idempotency[key] = { request, status, body: answer };
  store.save();
  return c.json(answer as object, status as ContentfulStatusCode);
};

const answerGet = (handler: (c: Context) => unknown) => (c: Context) => {
  try {
    return c.json(handler(c) as object);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return c.json(errorBody(error), error.status as ContentfulStatusCode);
  }
};

/** Stripe's answer to a path it does not have. */
function unrecognized(c: Context) {
  const what = `${c.req.method}: ${new URL(c.req.url).pathname}`;
  const message = `Unrecognized request URL (${what}). The simulator speaks only the subset Rarita uses.`;
  return c.json({ error: { type: "invalid_request_error", message } }, 404);
}

export function createApi({
  model,
  store,
  apiKey,
  faults,
}: {
  model: Model;
  store: Store;
  apiKey: string;
  faults: Faults;
}) {
  const api = new Hono();
  api.use("*", guard(apiKey, faults));

  const post = idempotentPost(store);
  const get = answerGet;
  const idOf = (c: Context) => c.req.param("id") ?? "";
  const expandOf = (c: Context) => stringList(parseStripeForm(new URL(c.req.url).search.slice(1)).expand);

  api.post("/v1/accounts", post(model.createAccount));
  api.get(
    "/v1/accounts",
    get(() => list("/v1/accounts", Object.values(store.state.accounts))),
  );
  api.get(
    "/v1/accounts/:id",
    get((c) => model.account(idOf(c))),
  );
  api.post("/v1/account_links", post(model.createAccountLink));
  api.post("/v1/customers", post(model.createCustomer));
  api.post("/v1/checkout/sessions", post(model.createSession));
  api.get(
    "/v1/checkout/sessions",
    get(() => list("/v1/checkout/sessions", Object.values(store.state.sessions))),
  );
  api.get(
    "/v1/checkout/sessions/:id",
    get((c) => expandSession(model, model.session(idOf(c)), expandOf(c))),
  );
  api.post(
    "/v1/checkout/sessions/:id/expire",
    post((_body, c) => model.expireSession(idOf(c))),
  );
  api.get(
    "/v1/payment_intents/:id",
    get((c) => model.paymentIntent(idOf(c))),
  );
  api.post("/v1/transfers", post(model.createTransfer));
  api.post("/v1/refunds", post(model.createRefund));
  api.get("/v1/balance", get(model.balance));
  api.all("*", unrecognized);
  return api;
}
