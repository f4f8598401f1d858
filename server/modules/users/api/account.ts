import { createRoute, z } from "@hono/zod-openapi";
import { translate } from "#core/i18n/index.ts";
import { AccountDeletionSchema, PasswordChangeSchema } from "#core/schemas/account.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { bearerSecurity, createApiRouter, requireUser } from "#server/http/api/router.ts";
import { errorResponses, jsonContent } from "#server/http/api/schemas.ts";
import { json, Success, tooMany, userId } from "./account-views.ts";
import { addressRoutes } from "./address-routes.ts";
import { avatarRoutes } from "./avatar-routes.ts";
import { profileRoutes } from "./profile-routes.ts";

/**
 * The signed-in user's own data under /api/me/*: profile, e-mail change, addresses, avatar,
 * password, GDPR export and deletion. Every route works on the caller's account only (the id comes
 * from the session); an address id in a body that is not the caller's answers 404.
 *
 * Bodies are validated twice with the same schema: by the route (so the OpenAPI document shows
 * it) and by the service, which the page's form calls too; the service gets the raw body, since
 * the schema's output (normalised zip, dropped company fields) is not its input.
 */
export const accountApi = createApiRouter();
// In the order the API document lists them.
profileRoutes(accountApi);
addressRoutes(accountApi);
avatarRoutes(accountApi);

accountApi.openapi(
  createRoute({
    method: "post",
    path: "/me/password",
    tags: ["account"],
    summary:
      "Changes the password (current one, new one with confirmation; the registration's rules); every other session of the account ends",
    security: bearerSecurity,
    middleware: requireUser,
    request: { body: { required: true, content: { "application/json": { schema: PasswordChangeSchema } } } },
    responses: {
      200: jsonContent(Success, "Changed"),
      401: errorResponses[401],
      422: errorResponses[422],
      429: tooMany,
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c.get("services").accounts.changePassword(userId(c), await json(c), {
      ip: c.get("clientIp"),
      keepSessionHash: c.get("sessionTokenHash"),
    });
    if (!result.ok) {
      const errors = translateProblems(locale, result.details.problems);
      if (result.code === "invalid") return c.json({ errors }, 422);
      c.header("Retry-After", String(result.details.retryAfterSeconds));
      return c.json({ errors }, 429);
    }
    return c.json(
      { success: true as const, message: translate(locale, "accountData.password.changed") },
      200,
    );
  },
);

/**
 * What the export holds, section by section (its top-level keys, each module's
 * server/modules/<m>/personal-data.ts; account-data.test.ts checks that every section is named).
 */
const EXPORT_DESCRIPTION = [
  "Everything the site keeps about the caller (GDPR art. 15 and 20) as one JSON file (Content-Disposition: attachment); money in CZK minor units. Its sections:",
  "- `exportedAt`, `profile`, `addresses`;",
  "- `listings` and `wonAuctions`, `bids`, `wishlist`, `watchdogs`;",
  "- `messagesSent`, `reviews` (written and received), `newsletterSubscriptions`;",
  "- `orders` and the shop's `cart`;",
  "- `deals`: each deal through the site as buyer or seller (the item, the amounts, the delivery and tracking, the dates) with `feeDocuments`, the operator's invoices and credit notes for the caller's own fee; `payoutAccount`: whether the payment provider pays the caller out (never its identifiers);",
  "- `disputeTexts`: what the caller wrote in deals' disputes; `disputePhotos`: the photos the caller attached (the deal, the dispute, when, the size and a `url` that serves the photo to the signed-in caller: the file itself carries no images; photos are deleted 3 years and 90 days after their dispute ends, ADR 0082);",
  "- `dealStrikes` (unpaid wins, with the operator's reasons when cleared), `strikeReviews` (the operator's reviews of the caller's suspended bidding, with their outcome and reasons), `secondChanceOffers` (made to the caller or on the deals the caller sold);",
  "- `sellerDeclaration`: private person or trader, a trader's DSA Art 30 data with the ARES check and any suspension's reasons (a trader's kept 6 months after the account's deletion, ADR 0085);",
  '- `ageVerification`: the age check\'s "18+ verified", its method and date, or null (never a birth date or a name);',
  "- `accountFingerprints`: the keyed hashes of the devices and addresses the account was seen with (never the addresses), kept 12 months; `shillSignals`: the shill-bidding signals about the account and their decisions (ADR 0087);",
  "- `sessions`, without their tokens.",
  "Never passwords, token hashes or the payment provider's identifiers.",
].join("\n");

accountApi.openapi(
  createRoute({
    method: "get",
    path: "/me/export",
    tags: ["account"],
    summary: "GDPR export: everything stored about the caller, as a JSON download",
    description: EXPORT_DESCRIPTION,
    security: bearerSecurity,
    middleware: requireUser,
    responses: {
      200: jsonContent(z.record(z.string(), z.unknown()), "The export (Content-Disposition: attachment)"),
      401: errorResponses[401],
    },
  }),
  async (c) => {
    const data = await c.get("services").accountData.exportData(userId(c));
    const day = new Date().toISOString().slice(0, 10);
    const name = c.get("user")!.username.replace(/[^A-Za-z0-9.-]/g, "_");
    c.header("Content-Disposition", `attachment; filename="rarita-${name}-${day}.json"`);
    // Personal data: never kept by a shared cache or the browser's history cache.
    c.header("Cache-Control", "no-store");
    return c.json(data ?? {}, 200);
  },
);

accountApi.openapi(
  createRoute({
    method: "delete",
    path: "/me",
    tags: ["account"],
    summary:
      "Deletes the caller's account (needs the password): anonymised, personal data removed, every session ended. Refused (422, errors.form) while the account sells or leads a running auction",
    security: bearerSecurity,
    middleware: requireUser,
    request: { body: { required: true, content: { "application/json": { schema: AccountDeletionSchema } } } },
    responses: {
      200: jsonContent(Success, "Deleted"),
      401: errorResponses[401],
      422: errorResponses[422],
      429: tooMany,
    },
  }),
  async (c) => {
    const locale = c.get("locale");
    const result = await c
      .get("services")
      .accountData.deleteAccount(userId(c), await json(c), { ip: c.get("clientIp") });
    if (!result.ok) {
      const errors = translateProblems(locale, result.details.problems);
      if (result.code === "invalid") return c.json({ errors }, 422);
      c.header("Retry-After", String(result.details.retryAfterSeconds));
      return c.json({ errors }, 429);
    }
    return c.json({ success: true as const, message: translate(locale, "accountData.delete.done") }, 200);
  },
);
