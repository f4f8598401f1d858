import { createApiRouter } from "#server/http/api/router.ts";
import { cartApi } from "./cart.ts";
import { checkoutApi } from "./checkout.ts";

/** The shop's API: the cart, the checkout, the order, an influencer's statistics. */
export const shopApi = createApiRouter();
shopApi.route("/", cartApi);
shopApi.route("/", checkoutApi);
