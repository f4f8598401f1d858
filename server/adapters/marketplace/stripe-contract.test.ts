import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type MarketplacePayments,
  MarketplaceRefusedError,
  MarketplaceUnavailableError,
} from "#core/contracts/marketplace-payments.ts";
import { type MarketplaceSimulator, startMarketplaceSimulator } from "./simulator/server.ts";
import { startWebhookReceiver, waitFor } from "./simulator/test-fixtures.ts";
import { signWebhook } from "./simulator/webhooks.ts";
import { createStripeMarketplace } from "./stripe.ts";

/**
 * The port's contract, run by the real adapter on the real `stripe` SDK against the simulator: what
 * the deals flow relies on holds for the provider the demo and the browser tests use, and the
 * adapter's requests are ones the (simulated) Stripe API accepts.
 */
const apiKey = "sk_test_contract_0123456789";
const webhookSecret = "whsec_contract_0123456789";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-marketplace-"));
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let simulator: MarketplaceSimulator;
let market: MarketplacePayments;

async function startSimulator() {
  simulator = await startMarketplaceSimulator({
    port: 0,
    dataDir,
    apiKey,
    webhookSecret,
    webhookUrl: receiver.url,
    webhookRetryDelaysMs: [20, 40],
  });
  market = createStripeMarketplace({ apiKey: apiKey, webhookSecret, apiBase: simulator.url });
}

const control = (pathname: string, body?: unknown) =>
  fetch(`${simulator.url}/_simulator${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });

/** Presses a button of the provider's page as a browser's form does; answers where it redirects. */
async function press(pageUrl: string, action: string) {
  const page = await (await fetch(pageUrl)).text();
  expect(page).toContain(`action="${action}"`);
  const response = await fetch(new URL(action, pageUrl), { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

const urls = {
  successUrl: "http://localhost:3000/deal/1?paid={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://localhost:3000/deal/1",
};

async function paidCardCharge(reference: string, amountMinor: number) {
  const { chargeId, payUrl } = await market.startCharge(
    { reference, amountMinor, method: "card", description: "Mince 1 Kčs 1922", locale: "cs", ...urls },
    `charge:${reference}`,
  );
  await press(payUrl, `/pay/${chargeId}/pay`);
  const charge = await market.charge(chargeId);
  if (!charge?.paymentId) throw new Error("the charge was not paid");
  return charge.paymentId;
}

async function verifiedSeller(reference: string) {
  const { accountId } = await market.createSellerAccount(
    { reference, email: `${reference}@example.cz` },
    `seller:${reference}`,
  );
  await control(`/accounts/${accountId}/verify`);
  return accountId;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  await startSimulator();
});
afterAll(async () => {
  await simulator.stop();
  await receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the Stripe adapter against the simulator", () => {
  it("onboards a seller: payouts off until the provider's page verifies them, one account per key", async () => {
    const seller = { reference: "user:7", email: "prodejce@example.cz" };
    const { accountId } = await market.createSellerAccount(seller, "seller:7");
    expect(accountId).toMatch(/^acct_/);
    expect(await market.createSellerAccount(seller, "seller:7")).toEqual({ accountId });
    expect(await market.sellerAccount(accountId)).toEqual({ accountId, payoutsEnabled: false });
    const { url } = await market.onboardingLink(accountId, {
      returnUrl: "http://localhost:3000/me/payouts?done=1",
      refreshUrl: "http://localhost:3000/me/payouts",
    });
    const page = await (await fetch(`${url}?lang=en`)).text();
    expect(page).toContain("prodejce@example.cz");
    expect(page).toContain(">Verify<");
    expect(await (await fetch(url, { headers: { "accept-language": "cs" } })).text()).toContain(">Ověřit<");
    const back = await press(url, `${new URL(url).pathname}/verify`);
    expect(back).toBe("http://localhost:3000/me/payouts?done=1");
    expect(await market.sellerAccount(accountId)).toEqual({ accountId, payoutsEnabled: true });
    expect(await market.sellerAccount("acct_unknown")).toBeNull();
  });

  it("charges a card on the provider's page; the signed webhook says so, and a forged or stale one is refused", async () => {
    const { chargeId, payUrl } = await market.startCharge(
      {
        reference: "deal:1",
        amountMinor: 125_000,
        method: "card",
        description: "Mince 1 Kčs 1922",
        locale: "cs",
        ...urls,
      },
      "charge:deal:1",
    );
    expect(chargeId).toMatch(/^cs_test_/);
    expect(await market.charge(chargeId)).toEqual({
      chargeId,
      state: "open",
      amountMinor: 125_000,
      paymentId: null,
      reference: "deal:1",
    });
    const page = await (await fetch(payUrl)).text();
    expect(page).toMatch(/1\s250,00\sKč/);
    expect(page).toContain(">Zamítnout kartu<");
    const before = await market.balance();
    const back = await press(payUrl, `/pay/${chargeId}/pay`);
    expect(back).toBe(`http://localhost:3000/deal/1?paid=${chargeId}`);
    const charge = await market.charge(chargeId);
    expect(charge).toMatchObject({ state: "paid", amountMinor: 125_000, reference: "deal:1" });
    expect(charge?.paymentId).toMatch(/^pi_/);
    expect((await market.balance()).availableMinor).toBe(before.availableMinor + 125_000);

    const webhook = await waitFor(() =>
      receiver.received.find(
        (w) => w.body.includes('"checkout.session.completed"') && w.body.includes(chargeId),
      ),
    );
    expect(market.readWebhook(webhook.body, webhook.signature)).toMatchObject({
      type: "charge.paid",
      providerType: "checkout.session.completed",
      objectId: chargeId,
      reference: "deal:1",
    });
    expect(market.readWebhook(webhook.body, signWebhook("whsec_forged", webhook.body))).toBeNull();
    expect(market.readWebhook(webhook.body, undefined)).toBeNull();
    expect(market.readWebhook(`${webhook.body} `, webhook.signature)).toBeNull();
    const stale = signWebhook(webhookSecret, webhook.body, Math.floor(Date.now() / 1000) - 600);
    expect(market.readWebhook(webhook.body, stale)).toBeNull();
  });

  it("a declined card fails the charge, and the buyer goes back to the cancel URL", async () => {
    const { chargeId, payUrl } = await market.startCharge(
      {
        reference: "deal:2",
        amountMinor: 5_000,
        method: "card",
        description: "Známka",
        locale: "en",
        ...urls,
      },
      "charge:deal:2",
    );
    expect(await (await fetch(payUrl)).text()).toContain(">Pay<");
    expect(await press(payUrl, `/pay/${chargeId}/decline`)).toBe(urls.cancelUrl);
    expect(await market.charge(chargeId)).toMatchObject({ state: "failed", paymentId: null });
    await control(`/sessions/${chargeId}/expire`);
    expect(await market.charge(chargeId)).toMatchObject({ state: "expired" });
  });

  it("transfers from the held balance to a verified seller, never to an unverified one nor beyond the balance", async () => {
    const paymentId = await paidCardCharge("deal:3", 40_000);
    const seller = await verifiedSeller("user:30");
    const before = await market.balance();
    const transfer = {
      accountId: seller,
      amountMinor: 36_000,
      reference: "deal:3",
      sourcePaymentId: paymentId,
    };
    const { transferId } = await market.transfer(transfer, "release:deal:3");
    expect(transferId).toMatch(/^tr_/);
    // The same key again: the same transfer, the money moved once.
    expect(await market.transfer(transfer, "release:deal:3")).toEqual({ transferId });
    expect((await market.balance()).availableMinor).toBe(before.availableMinor - 36_000);
    // The same key for another request is refused.
    await expect(market.transfer({ ...transfer, amountMinor: 100 }, "release:deal:3")).rejects.toBeInstanceOf(
      MarketplaceRefusedError,
    );
    const webhook = await waitFor(() => receiver.received.find((w) => w.body.includes(transferId)));
    expect(market.readWebhook(webhook.body, webhook.signature)).toMatchObject({
      type: "transfer.created",
      objectId: transferId,
      reference: "deal:3",
    });

    const { accountId: unverified } = await market.createSellerAccount(
      { reference: "user:31", email: "novy@example.cz" },
      "seller:31",
    );
    const refusal = await market
      .transfer({ ...transfer, accountId: unverified, amountMinor: 100 }, "release:unverified")
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MarketplaceRefusedError);
    expect((refusal as MarketplaceRefusedError).providerCode).toBe("insufficient_capabilities_for_transfer");
    // More than the payment brought in (and than the balance holds).
    const tooMuch = await market
      .transfer({ ...transfer, amountMinor: 10_000_000 }, "release:too-much")
      .catch((error: unknown) => error);
    expect(tooMuch).toBeInstanceOf(MarketplaceRefusedError);
    expect((tooMuch as MarketplaceRefusedError).providerCode).toBe(
      "transfer_source_balance_parameters_mismatch",
    );
    expect((await market.balance()).availableMinor).toBe(before.availableMinor - 36_000);
  });

  it("refuses a transfer beyond the platform's balance (one without a source charge, as the API allows)", async () => {
    const seller = await verifiedSeller("user:40");
    const { availableMinor } = await market.balance();
    const response = await fetch(`${simulator.url}/v1/transfers`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ amount: String(availableMinor + 1), currency: "czk", destination: seller }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: "invalid_request_error", code: "balance_insufficient" },
    });
    expect((await market.balance()).availableMinor).toBe(availableMinor);
  });

  it("refunds in part, then the rest, and never more than was paid", async () => {
    const paymentId = await paidCardCharge("deal:4", 20_000);
    const before = await market.balance();
    const first = await market.refund(
      { paymentId, amountMinor: 5_000, reference: "deal:4" },
      "refund:deal:4:1",
    );
    expect(first.refundId).toMatch(/^re_/);
    expect(
      await market.refund({ paymentId, amountMinor: 5_000, reference: "deal:4" }, "refund:deal:4:1"),
    ).toEqual(first);
    const over = await market
      .refund({ paymentId, amountMinor: 15_001, reference: "deal:4" }, "refund:deal:4:over")
      .catch((error: unknown) => error);
    expect(over).toBeInstanceOf(MarketplaceRefusedError);
    expect((over as MarketplaceRefusedError).providerCode).toBe("amount_too_large");
    await market.refund({ paymentId, amountMinor: 15_000, reference: "deal:4" }, "refund:deal:4:2");
    expect((await market.balance()).availableMinor).toBe(before.availableMinor - 20_000);
    await expect(
      market.refund({ paymentId, amountMinor: 1, reference: "deal:4" }, "refund:deal:4:3"),
    ).rejects.toBeInstanceOf(MarketplaceRefusedError);
    const webhook = await waitFor(() => receiver.received.find((w) => w.body.includes(first.refundId)));
    expect(market.readWebhook(webhook.body, webhook.signature)).toMatchObject({
      type: "refund.succeeded",
      reference: "deal:4",
    });
  });

  it("a bank transfer shows the account, variable symbol and QR payment, and is paid once marked received", async () => {
    const { chargeId, payUrl } = await market.startCharge(
      {
        reference: "deal:5",
        amountMinor: 99_900,
        method: "bank_transfer",
        description: "Pohlednice Praha",
        locale: "cs",
        ...urls,
      },
      "charge:deal:5",
    );
    const page = await (await fetch(payUrl)).text();
    const variableSymbol = /data-testid="variable-symbol">(\d{1,10})</.exec(page)?.[1];
    expect(variableSymbol).toBeDefined();
    expect(page).toContain("CZ65 0800 0000 1920 0014 5399");
    expect(page).toContain(
      `data-spayd="SPD*1.0*ACC:CZ6508000000192000145399*AM:999.00*CC:CZK*MSG:Pohlednice Praha*X-VS:${variableSymbol}"`,
    );
    expect(page).toContain("<svg");
    expect(page).toContain(">Označit platbu jako přijatou<");
    expect(await market.charge(chargeId)).toMatchObject({ state: "open" });
    const before = await market.balance();
    expect(await press(payUrl, `/pay/${chargeId}/received`)).toBe(
      `http://localhost:3000/deal/1?paid=${chargeId}`,
    );
    expect(await market.charge(chargeId)).toMatchObject({
      state: "paid",
      paymentId: expect.stringMatching(/^pi_/),
    });
    expect((await market.balance()).availableMinor).toBe(before.availableMinor + 99_900);
    const webhook = await waitFor(() =>
      receiver.received.find((w) => w.body.includes("async_payment_succeeded") && w.body.includes(chargeId)),
    );
    expect(market.readWebhook(webhook.body, webhook.signature)).toMatchObject({
      type: "charge.paid",
      objectId: chargeId,
    });
  });

  it("a provider that fails (500, 429, no answer) is unavailable; the retry with the same key makes one transfer", async () => {
    const paymentId = await paidCardCharge("deal:6", 10_000);
    const seller = await verifiedSeller("user:60");
    const before = await market.balance();
    const transfer = {
      accountId: seller,
      amountMinor: 9_000,
      reference: "deal:6",
      sourcePaymentId: paymentId,
    };
    await control("/faults", { path: "/v1/transfers", status: 500, count: 1 });
    await expect(market.transfer(transfer, "release:deal:6")).rejects.toBeInstanceOf(
      MarketplaceUnavailableError,
    );
    expect((await market.balance()).availableMinor).toBe(before.availableMinor);
    await control("/faults", { path: "/v1/balance", status: 429, count: 1 });
    await expect(market.balance()).rejects.toBeInstanceOf(MarketplaceUnavailableError);
    const { transferId } = await market.transfer(transfer, "release:deal:6");
    expect(await market.transfer(transfer, "release:deal:6")).toEqual({ transferId });
    expect((await market.balance()).availableMinor).toBe(before.availableMinor - 9_000);

    const slow = createStripeMarketplace({
      apiKey: apiKey,
      webhookSecret,
      apiBase: simulator.url,
      timeoutMs: 100,
    });
    await control("/delay", { ms: 1_000, path: "/v1/balance" });
    await expect(slow.balance()).rejects.toBeInstanceOf(MarketplaceUnavailableError);
    await control("/reset-faults");
    const wrongKey = createStripeMarketplace({
      apiKey: "sk_test_wrong",
      webhookSecret,
      apiBase: simulator.url,
    });
    await expect(wrongKey.balance()).rejects.toBeInstanceOf(MarketplaceRefusedError);
  });

  it("retries a webhook until the endpoint takes it, and resends one on request (a replay)", async () => {
    receiver.answer(503);
    const seller = await market.createSellerAccount(
      { reference: "user:80", email: "s80@example.cz" },
      "seller:80",
    );
    await control(`/accounts/${seller.accountId}/verify`);
    const attempts = () =>
      receiver.received.filter(
        (w) => w.body.includes(seller.accountId) && w.body.includes("account.updated"),
      );
    await waitFor(() => attempts().length >= 2);
    receiver.answer(200);
    const delivered = await waitFor(async () => {
      const { data } = (await (await fetch(`${simulator.url}/_simulator/events`)).json()) as {
        data: {
          id: string;
          type: string;
          data: { object: { id: string } };
          delivery: { delivered: boolean; attempts: number };
        }[];
      };
      return data.find(
        (e) => e.type === "account.updated" && e.data.object.id === seller.accountId && e.delivery.delivered,
      );
    });
    expect(delivered.delivery.attempts).toBe(3);
    const count = attempts().length;
    const resent = (await (await control(`/events/${delivered.id}/resend`)).json()) as { status: number };
    expect(resent.status).toBe(200);
    expect(attempts().length).toBe(count + 1);
    const replay = attempts().at(-1);
    expect(market.readWebhook(replay?.body ?? "", replay?.signature)).toMatchObject({
      eventId: delivered.id,
      type: "account.updated",
    });
  });

  it("keeps its state across a restart on the same directory", async () => {
    const paymentId = await paidCardCharge("deal:7", 7_700);
    const before = await market.balance();
    const seller = await verifiedSeller("user:70");
    await simulator.stop();
    await startSimulator();
    expect(await market.balance()).toEqual(before);
    expect(await market.sellerAccount(seller)).toEqual({ accountId: seller, payoutsEnabled: true });
    // An idempotency key used before the restart still answers its first result.
    const transfer = {
      accountId: seller,
      amountMinor: 7_000,
      reference: "deal:7",
      sourcePaymentId: paymentId,
    };
    const { transferId } = await market.transfer(transfer, "release:deal:7");
    await simulator.stop();
    await startSimulator();
    expect(await market.transfer(transfer, "release:deal:7")).toEqual({ transferId });
    expect((await market.balance()).availableMinor).toBe(before.availableMinor - 7_000);
  });
});
