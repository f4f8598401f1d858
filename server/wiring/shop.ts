import { localePath } from "#core/i18n/paths.ts";
import { type createAuthService, hashPassword } from "#server/modules/auth/index.ts";
import type { AccountServices } from "#server/modules/credentials/index.ts";
import { reserveStock, shopProductsForCart } from "#server/modules/listings/index.ts";
import type { OrdersService } from "#server/modules/orders/index.ts";
import type { PaymentsService } from "#server/modules/payments/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import { createShopService, registerShopJobs, type ShopPorts } from "#server/modules/shop/index.ts";
import {
  checkoutAccountClashes,
  checkoutAccountOf,
  checkoutPasswordProblems,
  openCheckoutAccount,
} from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";

type ShopNeeds = {
  settings: SettingsService;
  orders: Pick<
    OrdersService,
    | "voucherForCart"
    | "placeShopOrder"
    | "holdRequestKey"
    | "orderOfRequestKey"
    | "influencerStats"
    | "bankTransferOffered"
  >;
  payments: Pick<PaymentsService, "gateway">;
  auth: Pick<ReturnType<typeof createAuthService>, "startSession">;
  accounts: Pick<AccountServices, "emailConfirmation">;
  /** The age check's gate of an order of alcohol or tobacco (server/wiring/age-check.ts); none: no check. */
  ageCheck?: NonNullable<ShopPorts["ageCheck"]>;
};

/**
 * The operator's shop (server/modules/shop): the cart reads the listings module's products and
 * stock, the orders module checks vouchers and creates the order in the shop's transaction, and
 * a guest who registers at checkout gets the users module's account and auth's session. Old guest
 * carts are deleted every night.
 */
export function wireShop({ db, jobs, logger }: Base, needs: ShopNeeds) {
  const { settings, orders, payments, auth, accounts, ageCheck } = needs;
  const shop = createShopService({
    db,
    ports: {
      products: shopProductsForCart,
      reserveStock,
      voucherForCart: (input) => orders.voucherForCart(input),
      placeShopOrder: (tx, input) => orders.placeShopOrder(tx, input),
      holdRequestKey: (tx, key) => orders.holdRequestKey(tx, key),
      orderOfRequestKey: (key, userId, executor) => orders.orderOfRequestKey(key, userId, executor),
      influencerStats: (userId) => orders.influencerStats(userId),
      shopSetting: () => settings.get("shop"),
      paymentMethods: async () => ({
        card: payments.gateway !== null,
        bankTransfer: await orders.bankTransferOffered(),
      }),
      ageCheck,
      summaryPath: (order, locale) => localePath("orderSummary", locale, { id: order.id, hash: order.hash }),
      accounts: {
        passwordProblems: checkoutPasswordProblems,
        hashPassword,
        clashes: (input) => checkoutAccountClashes(db, input),
        open: openCheckoutAccount,
        async welcome(userId) {
          const account = await checkoutAccountOf(db, userId);
          if (!account) return;
          try {
            await accounts.emailConfirmation.sendWelcome(account);
          } catch (err) {
            logger.error({ err, userId }, "the welcome mail of an account opened at checkout failed");
          }
        },
        startSession: (userId, meta) => auth.startSession(userId, meta),
      },
    },
  });
  void registerShopJobs(jobs, shop, logger).catch((err) =>
    logger.error({ err }, "could not schedule the purge of old guest carts"),
  );
  return { shop };
}
