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
import {
  createPaymentsService,
  createTestGateway,
  registerPaymentJobs,
} from "#server/modules/payments/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import { invoiceDetailsOf, recipientsOf, userIdByEmail } from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";

/**
 * Fees, promotions and shop orders paid by bank transfer (QR payment), a card gateway or cash on
 * delivery (server/modules/payments); the test gateway, where the configuration turns it on, pays
 * back through the same notification a real gateway sends. Unpaid shop orders give their stock
 * back by a job every few minutes.
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
  const payments = createPaymentsService({
    db,
    settings,
    notifier,
    listings: {
      listing: listings.listing,
      releaseAfterPayment: listings.releaseAfterPayment,
      lockListing,
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
  const testGateway = config.testGateway
    ? createTestGateway({
        db,
        secret: config.testGateway.secret,
        notify: (rawBody, signature) => payments.handleNotification("test", rawBody, signature),
      })
    : null;
  payments.connectGateway(testGateway);
  void registerPaymentJobs(jobs, payments, logger).catch((err) =>
    logger.error({ err }, "could not schedule the release of unpaid shop orders"),
  );
  return { payments, testGateway };
}
