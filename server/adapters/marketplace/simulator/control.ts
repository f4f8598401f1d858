import { Hono } from "hono";
import type { Faults } from "./api.ts";
import { type Model, StripeApiError } from "./model.ts";
import type { Store } from "./store.ts";
import type { Webhooks } from "./webhooks.ts";

/**
 * Control endpoints for tests, under /_simulator/. They take no key only because this is a
 * simulator on the loopback interface with no real money behind it: the real provider has
 * nothing like them, and the real adapter never calls them.
 *
 *   GET  /_simulator/state                      the whole state (JSON)
 *   GET  /_simulator/events                     the events and their deliveries
 *   POST /_simulator/events/:id/resend          deliver an event again (a replay)
 *   POST /_simulator/sessions/:id/pay|decline|receive|expire
 *   POST /_simulator/accounts/:id/verify
 *   POST /_simulator/faults  {path, status, count}   fail the next `count` API calls under `path`
 *   POST /_simulator/delay   {ms, path?}              answer API calls under `path` `ms` later
 *   POST /_simulator/reset-faults                     no failures, no delay
 */
export function createControl({
  model,
  store,
  webhooks,
  faults,
}: {
  model: Model;
  store: Store;
  webhooks: Webhooks;
  faults: Faults;
}) {
  const control = new Hono();
  const s = store.state;

  control.onError((error, c) => {
    if (error instanceof StripeApiError)
      return c.json({ error: { type: error.type, code: error.code, message: error.message } }, 400);
    throw error;
  });

  control.get("/state", (c) => c.json(s));
  control.get("/events", (c) =>
    c.json({ data: s.events.map((event) => ({ ...event, delivery: s.deliveries[event.id] })) }),
  );
  control.post("/events/:id/resend", async (c) => {
    const status = await webhooks.resend(c.req.param("id"));
    return c.json({ status });
  });

  const sessionActions = {
    pay: model.paySession,
    decline: model.declineSession,
    receive: model.receiveSession,
    expire: model.expireSession,
  } as const;
  control.post("/sessions/:id/:action", (c) => {
    const action = c.req.param("action") as keyof typeof sessionActions;
    if (!(action in sessionActions)) return c.json({ error: { message: "unknown action" } }, 404);
    const session = sessionActions[action](c.req.param("id"));
    store.save();
    return c.json(session);
  });
  control.post("/accounts/:id/verify", (c) => {
    const account = model.verifyAccount(c.req.param("id"));
    store.save();
    return c.json(account);
  });

  control.post("/faults", async (c) => {
    const body = (await c.req.json()) as { path?: string; status?: number; count?: number };
    const status = Number(body.status ?? 500);
    if (!body.path || !Number.isInteger(status) || status < 400 || status > 599)
      return c.json({ error: { message: "give a path and a status from 400 to 599" } }, 400);
    faults.failures.push({ path: body.path, status, remaining: Math.max(1, Number(body.count ?? 1)) });
    return c.json(faults);
  });
  control.post("/delay", async (c) => {
    const body = (await c.req.json()) as { ms?: number; path?: string };
    faults.delay = { ms: Math.max(0, Number(body.ms ?? 0)), path: body.path ?? "" };
    return c.json(faults);
  });
  control.post("/reset-faults", (c) => {
    faults.failures = [];
    faults.delay = { ms: 0, path: "" };
    return c.json(faults);
  });
  return control;
}
