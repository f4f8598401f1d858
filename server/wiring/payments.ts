import { recordAudit } from "#server/modules/admin/index.ts";
import {
  type createListingsService,
  lockListing,
  promote,
  releaseStock,
  reserveStock,
  shopProductsForCart,
} from "#server/modules/listings/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import { createOrdersService, registerOrderJobs } from "#server/modules/orders/index.ts";
import { createPaymentsService, createTestGateway } from "#server/modules/payments/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import { invoiceDetailsOf, recipientsOf, userIdByEmail } from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";

/**
 * Orders and what pays them. The orders module (server/modules/orders) keeps shop orders,
 * vouchers, reserved stock and what paying an order sets off (the tax document of
 * server/modules/invoicing, the listing's release or promotion, the mails); unpaid shop orders
 * give their stock back by a job every few minutes. The payments module (server/modules/payments)
 * pays them by bank transfer (QR payment, bank statements), a card gateway or cash on delivery,
 * and refunds them; the test gateway, where the configuration turns it on, pays back through the
 * same notification a real gateway sends.
 */
export function wirePayments(
  { db, config, logger, mail, jobs }: Base,
  {
    settings,
    notifier,
    listings,
  }: {
    settings: SettingsService;
    notifier: Notifier;
    listings: Pick<ReturnType<typeof createListingsService>, "listing" | "releaseAfterPayment">;
  },
) {
  const orders = createOrdersService({
    db,
    settings,
    notifier,
    listings: {
      releaseAfterPayment: listings.releaseAfterPayment,
      promote,
      reserveStock,
      releaseStock,
      shopProducts: shopProductsForCart,
    },
    mail,
    publicUrl: config.publicUrl,
    invoiceDetailsOf,
    recordAudit,
    users: { idByEmail: userIdByEmail, contactsOf: recipientsOf },
    bankAccountIban: config.bankAccountIban,
    logger,
  });
  const payments = createPaymentsService({
    db,
    settings,
    orders,
    listings: { listing: listings.listing, lockListing, releaseStock },
    recordAudit,
    logger,
  });
  const testGateway = config.testGateway
    ? createTestGateway({
        db,
        secret: config.testGateway.secret,
        notify: (rawBody, signature) => payments.handleNotification("test", rawBody, signature),
      })
    : null;
  payments.connectGateway(testGateway);
  void registerOrderJobs(jobs, orders, logger).catch((err) =>
    logger.error({ err }, "could not schedule the release of unpaid shop orders"),
  );
  return { orders, payments, testGateway };
}
