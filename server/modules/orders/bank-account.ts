import { czechAccountToIban, normalizeIban } from "#core/formats/iban.ts";
import type { Db } from "#server/db/client.ts";
import { createSettingsService } from "../settings/index.ts";
import type { OrdersContext } from "./context.ts";

/**
 * Where and how a bank transfer pays an order (docs/product/payments.md, "Bank transfer with a
 * QR payment"): the operator's account, and the order number as the variable symbol.
 */

/** The variable symbol of an order's bank transfer: its number (digits only, no leading zero). */
export const variableSymbolOf = (orderId: number) => String(orderId);

/**
 * The operator's account for transfers: BANK_ACCOUNT_IBAN, else the `contacts` setting's
 * `bank_account` (a Czech account number or an IBAN); null when neither is a valid account.
 * `executor`: read through the caller's transaction (a mail queued inside it).
 */
export async function bankAccount(ctx: OrdersContext, executor?: Db): Promise<string | null> {
  if (ctx.bankAccountIban) return ctx.bankAccountIban;
  const settings = executor ? createSettingsService(executor) : ctx.settings;
  const contacts = (await settings.get("contacts")) as { bank_account?: unknown } | undefined;
  const account = typeof contacts?.bank_account === "string" ? contacts.bank_account : "";
  if (!account) return null;
  const iban = czechAccountToIban(account) ?? normalizeIban(account);
  if (!iban) ctx.logger?.warn({ account }, "the contacts setting's bank_account is not a valid account");
  return iban;
}
