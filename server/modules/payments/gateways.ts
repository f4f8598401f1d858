import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { testGatewayLifecycle } from "#core/lifecycles/test-gateway.ts";
import type { Db } from "#server/db/client.ts";
import { type TestGatewayPayment, testGatewayPayments } from "./tables.ts";

/**
 * Card gateways behind one interface (docs/product/payments.md, "Card gateway"). The shop never
 * trusts a return URL or a notification's body: it asks the gateway for the payment's state, and a
 * notification only says "look again" (docs/product/payments.md, "Paying takes effect once"). A
 * real gateway (GoPay, Comgate, Stripe) implements the same calls over HTTP; here only the test
 * gateway exists, since no real one is reachable.
 */
export type GatewayState = "pending" | "paid" | "failed" | "refunded";

export type CardGateway = {
  /** Stored as `payments.provider`; the webhook path is /api/payments/webhooks/{provider}. */
  readonly provider: string;
  /**
   * Opens a payment at the gateway: its id there and where to send the payer. Idempotent per
   * `reference` (the shop's payment id; real gateways take it as the order number or idempotency
   * key): a second call with the same reference answers the same payment, so a retried or
   * concurrent start never opens a second one.
   */
  create(payment: {
    reference: string;
    amountMinor: number;
    currencyCode: string;
    description: string;
    returnPath: string;
    locale: Locale;
  }): Promise<{ providerPaymentId: string; redirectUrl: string }>;
  /** The payment's state as the gateway knows it; null when it does not know the id. */
  status(providerPaymentId: string): Promise<GatewayState | null>;
  /**
   * Returns `amountMinor` of a paid payment to the payer. Idempotent: refunding a payment the
   * gateway already refunded does nothing more (a retry after a crash or a repeated notification
   * never pays back twice). Throws when the gateway cannot refund it (unknown, not paid).
   */
  refund(providerPaymentId: string, amountMinor: number): Promise<void>;
  /** A notification whose signature holds: its event id and the payment it concerns; else null. */
  readNotification(
    rawBody: string,
    signature: string | undefined,
  ): { eventId: string; providerPaymentId: string; payload: unknown } | null;
};

/** The header the test gateway signs its notifications in: `sha256=<hex HMAC of the raw body>`. */
export const TEST_GATEWAY_SIGNATURE_HEADER = "x-test-gateway-signature";

export function signTestNotification(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/** The test gateway's payment ids: `tgw_` and 24 hex digits. Anything else is no payment of its. */
const TEST_GATEWAY_ID = /^tgw_[0-9a-f]{24}$/;
export const isTestGatewayId = (id: string) => TEST_GATEWAY_ID.test(id);

export type TestGateway = CardGateway & {
  /** The gateway's own page: the payment as the payer sees it there. */
  find(id: string): Promise<TestGatewayPayment | null>;
  /**
   * The payer's decision on the gateway's page: the payment is paid or failed (once: a second
   * decision changes nothing), the shop is notified, and the payer goes back to `returnPath`.
   */
  decide(id: string, outcome: "paid" | "failed"): Promise<TestGatewayPayment | null>;
};

/** The simulated provider refunds a paid payment (`test_gateway_payment.refund`); null when it was not paid. */
async function refundPaid(db: Db, id: string, amountMinor: number) {
  const [refunded] = await db
    .update(testGatewayPayments)
    .set({
      state: testGatewayLifecycle.move("refund", "paid"),
      refundedMinor: amountMinor,
      refundedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(testGatewayPayments.id, id),
        inArray(testGatewayPayments.state, [...testGatewayLifecycle.sources("refund")]),
      ),
    )
    .returning({ id: testGatewayPayments.id });
  return refunded ?? null;
}

/** The payer decides an open payment on the gateway's page (`test_gateway_payment.decide`), once. */
async function decideOpen(db: Db, id: string, outcome: "paid" | "failed") {
  const [changed] = await db
    .update(testGatewayPayments)
    .set({ state: testGatewayLifecycle.move("decide", "created", outcome), updatedAt: sql`now()` })
    .where(
      and(
        eq(testGatewayPayments.id, id),
        inArray(testGatewayPayments.state, [...testGatewayLifecycle.sources("decide")]),
      ),
    )
    .returning();
  return changed ?? null;
}

/**
 * The test gateway: a payment page on this site that pays or fails a payment on request, with
 * signed notifications like a real gateway's. Its state lives in `test_gateway_payments` (the
 * provider's side). `notify` delivers a notification to the shop (in-process: the webhook handler).
 */
export function createTestGateway({
  db,
  secret,
  notify,
}: {
  db: Db;
  secret: string;
  notify: (rawBody: string, signature: string) => Promise<unknown>;
}): TestGateway {
  const find = async (id: string) => {
    if (!isTestGatewayId(id)) return null;
    const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, id));
    return row ?? null;
  };
  return {
    provider: "test",
    async create(payment) {
      await db
        .insert(testGatewayPayments)
        .values({
          id: `tgw_${randomBytes(12).toString("hex")}`,
          ...payment,
          state: testGatewayLifecycle.create("open"),
        })
        .onConflictDoNothing({ target: testGatewayPayments.reference });
      const [row] = await db
        .select({ id: testGatewayPayments.id })
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.reference, payment.reference));
      return {
        providerPaymentId: row.id,
        redirectUrl: localePath("testGateway", payment.locale, { id: row.id }),
      };
    },
    async status(id) {
      const row = await find(id);
      if (!row) return null;
      return row.state === "created" ? "pending" : row.state;
    },
    async refund(id, amountMinor) {
      const refunded = await refundPaid(db, id, amountMinor);
      if (refunded) return;
      const row = await find(id);
      if (row?.state !== "refunded") throw new Error(`test gateway: payment ${id} cannot be refunded`);
    },
    readNotification(rawBody, signature) {
      if (!signature) return null;
      const expected = Buffer.from(signTestNotification(secret, rawBody));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const body = JSON.parse(rawBody) as { id?: unknown; paymentId?: unknown };
        if (typeof body.id !== "string" || typeof body.paymentId !== "string") return null;
        return { eventId: body.id, providerPaymentId: body.paymentId, payload: body };
      } catch {
        return null;
      }
    },
    find,
    async decide(id, outcome) {
      if (!isTestGatewayId(id)) return null;
      const changed = await decideOpen(db, id, outcome);
      if (changed) {
        const rawBody = JSON.stringify({ id: `evt_${randomBytes(12).toString("hex")}`, paymentId: id });
        // A lost notification costs nothing: the shop reads the state again when the payer returns.
        await notify(rawBody, signTestNotification(secret, rawBody)).catch(() => undefined);
      }
      return changed ?? (await find(id));
    },
  };
}
