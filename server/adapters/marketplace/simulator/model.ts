import { createCheckout } from "./checkout.ts";
import { missing, notFound } from "./errors.ts";
import { type FormObject, param, stringMap } from "./form.ts";
import { createMoney } from "./money.ts";
import { newId, type Store, type StripeObject, unixNow } from "./store.ts";
import type { Webhooks } from "./webhooks.ts";

export { StripeApiError } from "./errors.ts";

/**
 * What the simulated provider does, shared by its API, its pages and its control endpoints:
 * connected accounts and their onboarding, customers, Checkout Sessions (checkout.ts) and the
 * money (money.ts). The money is consistent: a paid session adds to the platform's balance (a card
 * at once, a bank transfer once the money is received), a transfer takes from it (never beyond
 * it, and only to an account whose payouts are enabled), a refund takes from it and never beyond
 * what the payment has left. A request it refuses throws `StripeApiError`, answered in Stripe's
 * error shape.
 */
export type Model = ReturnType<typeof createModel>;

/** POST /v1/customers: a bank transfer's payer (its cash balance receives the transfer at Stripe). */
function createCustomer(store: Store, body: FormObject): StripeObject {
  const created: StripeObject = {
    id: newId("cus", 14),
    object: "customer",
    created: unixNow(),
    email: param(body, "email") ?? null,
    metadata: stringMap(body.metadata),
  };
  store.state.customers[created.id] = created;
  return created;
}

export function createModel({
  store,
  webhooks,
  baseUrl,
}: {
  store: Store;
  webhooks: Webhooks;
  baseUrl: () => string;
}) {
  const s = store.state;
  const checkout = createCheckout({ store, webhooks, baseUrl });

  function account(id: string) {
    const found = s.accounts[id];
    if (!found) throw notFound("account", id);
    return found;
  }
  const money = createMoney({ store, webhooks, account, paymentIntent: checkout.paymentIntent });

  return {
    ...checkout,
    ...money,
    account,

    createAccount(body: FormObject): StripeObject {
      const created: StripeObject = {
        id: newId("acct", 16),
        object: "account",
        type: param(body, "type") ?? "express",
        country: param(body, "country") ?? "CZ",
        email: param(body, "email") ?? null,
        created: unixNow(),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        capabilities: { transfers: "inactive" },
        metadata: stringMap(body.metadata),
      };
      s.accounts[created.id] = created;
      return created;
    },

    verifyAccount(id: string): StripeObject {
      const found = account(id);
      if (found.payouts_enabled) return found;
      Object.assign(found, {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        capabilities: { transfers: "active" },
      });
      webhooks.emit("account.updated", found);
      return found;
    },

    createAccountLink(body: FormObject): StripeObject {
      const accountId = param(body, "account");
      if (!accountId) throw missing("account");
      account(accountId);
      const returnUrl = param(body, "return_url");
      const refreshUrl = param(body, "refresh_url");
      if (!returnUrl) throw missing("return_url");
      if (!refreshUrl) throw missing("refresh_url");
      const id = newId("acctlink");
      s.accountLinks[id] = { id, account: accountId, returnUrl, refreshUrl };
      const created = unixNow();
      return {
        id,
        object: "account_link",
        created,
        expires_at: created + 300,
        url: `${baseUrl()}/onboard/${id}`,
      };
    },

    createCustomer: (body: FormObject) => createCustomer(store, body),
  };
}
