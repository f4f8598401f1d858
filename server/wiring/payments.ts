import { recordAudit } from "#server/modules/admin/index.ts";
import { type createListingsService, lockListing, promote } from "#server/modules/listings/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import { createPaymentsService, createTestGateway } from "#server/modules/payments/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import { invoiceDetailsOf } from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";

/**
 * Fees and promotions paid by bank transfer (QR payment) or a card gateway
 * (server/modules/payments); the test gateway, where the configuration turns it on, pays back
 * through the same notification a real gateway sends.
 */
export function wirePayments(
  { db, config, logger }: Base,
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
    },
    invoiceDetailsOf,
    recordAudit,
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
  return { payments, testGateway };
}
