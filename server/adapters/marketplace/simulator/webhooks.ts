import { createHmac } from "node:crypto";
import { newId, type SimEvent, type Store, type StripeObject, unixNow } from "./store.ts";

/**
 * Signed webhooks as Stripe sends them: an event object (`evt_…`, `type`, `created`,
 * `data.object`) POSTed as JSON with `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`, so `stripe.webhooks.constructEvent` accepts them. Delivery is asynchronous
 * (after the change that caused it was saved and answered) and retried with growing delays until
 * the endpoint answers 2xx, at most `retryDelaysMs.length + 1` times; then it gives up, as Stripe
 * does after three days. Undelivered events are picked up again when the simulator restarts.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export function signWebhook(secret: string, body: string, timestamp = unixNow()): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** One delivery attempt: the endpoint's status, or null when it did not answer. */
async function deliver(url: string | undefined, secret: string, event: SimEvent): Promise<number | null> {
  if (!url) return null;
  const body = JSON.stringify(event, null, 2);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": signWebhook(secret, body),
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks) rarita-simulator",
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => {});
    return response.status;
  } catch {
    return null;
  }
}

/** An event as Stripe sends it, with a copy of the object as it is now. */
function newEvent(type: string, object: StripeObject, apiVersion: string, withEndpoint: boolean): SimEvent {
  return {
    id: newId("evt"),
    object: "event",
    api_version: apiVersion,
    created: unixNow(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: withEndpoint ? 1 : 0,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export type Webhooks = {
  /** Records an event about `object` and schedules its delivery. */
  emit(type: string, object: StripeObject): SimEvent;
  /** Delivers a stored event once more (a replay, for tests); resolves with the endpoint's status. */
  resend(eventId: string): Promise<number | null>;
  /** Schedules the events not yet delivered (after a restart). */
  resume(): void;
  stop(): void;
};

export function createWebhooks({
  store,
  url,
  secret,
  retryDelaysMs,
  apiVersion,
}: {
  store: Store;
  url: string | undefined;
  secret: string;
  retryDelaysMs: number[];
  apiVersion: string;
}): Webhooks {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function schedule(eventId: string, delayMs: number) {
    if (stopped || !url) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(eventId);
    }, delayMs);
    timers.add(timer);
  }

  async function attempt(eventId: string) {
    const delivery = store.state.deliveries[eventId];
    const event = store.state.events.find((e) => e.id === eventId);
    if (!delivery || !event || delivery.delivered || delivery.gaveUp || stopped) return;
    const status = await deliver(url, secret, event);
    if (stopped) return;
    delivery.attempts += 1;
    delivery.lastStatus = status;
    delivery.lastError = status === null ? "no answer" : null;
    delivery.delivered = status !== null && status >= 200 && status < 300;
    if (!delivery.delivered) {
      const delay = retryDelaysMs[delivery.attempts - 1];
      if (delay === undefined) delivery.gaveUp = true;
      else schedule(eventId, delay);
    }
    store.save();
  }

  return {
    emit(type, object) {
      const event = newEvent(type, object, apiVersion, Boolean(url));
      store.state.events.push(event);
      store.state.deliveries[event.id] = {
        eventId: event.id,
        attempts: 0,
        delivered: false,
        gaveUp: false,
        lastStatus: null,
        lastError: null,
      };
      // After the answer of the request that caused it: the caller saves the state first.
      schedule(event.id, 0);
      return event;
    },
    async resend(eventId) {
      const event = store.state.events.find((e) => e.id === eventId);
      if (!event) return null;
      return deliver(url, secret, event);
    },
    resume() {
      for (const delivery of Object.values(store.state.deliveries))
        if (!delivery.delivered && !delivery.gaveUp) schedule(delivery.eventId, 0);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
