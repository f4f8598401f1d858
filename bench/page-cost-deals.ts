/**
 * The signed-in pages of deals for page-cost.ts (issue 35): the deal page `/ucet/obchody/:id` of
 * a buyer's deal awaiting payment, and Nákupy `/ucet/nakupy` (the buyer's deal list). Measured only
 * when `--only` names `deal` or `purchases`.
 *
 * What they need, made through the site where it can be:
 * - the payment provider: the server's local simulator (MARKETPLACE_SIMULATOR=true on its own port,
 *   one process: `--workers 1`), so deals through the site are available;
 * - the `deals` setting switched on by the demo admin through the admin API (POST /api/auth/login,
 *   the second factor with the demo TOTP, PUT /api/admin/settings/deals), as the back office does;
 * - a fixed-price classified of the demo seller taking payment through the site: an active demo
 *   classified of the seller's is opted in with one row of `listing_deal_terms` in SQL (the listing
 *   form's "Přijímat platbu přes Raritu" with Zásilkovna and PPL; the form's multipart path with a
 *   photo is longer than a bench should be);
 * - the deal: the demo buyer signs in (POST /api/auth/login) and clicks "Koupit": the buy step
 *   `/ucet/koupit/:id` is read and its form posted, which makes the deal awaiting payment and
 *   answers its page. A second run on the same database finds the buyer's deal again (the buy step
 *   redirects to it).
 *
 * Every wrk request then carries the buyer's session cookie.
 */
import { TOTP } from "otpauth";
import type pg from "pg";
import { DEMO_STAFF } from "#server/db/seed/staff-data.ts";
import { BROWSER } from "./page-cost-tools.ts";

export const SIGNED_IN_PAGES = ["deal", "purchases"];

export const SESSION_COOKIE = "auth._token";
const ADMIN = "admin@rarita.test";
const SELLER = "prodejce@rarita.test";
export const BUYER = { email: "kupec@rarita.test", password: "demo-kupec" };
const DELIVERY = [
  { carrier: "zasilkovna", priceMinor: 8_900 },
  { carrier: "ppl", priceMinor: 12_900 },
];

/** The server's environment for deals: the provider's simulator in the serving process. */
export function dealsEnv(simulatorPort: number) {
  return { MARKETPLACE_SIMULATOR: "true", MARKETPLACE_SIMULATOR_PORT: String(simulatorPort) };
}

async function json(response: Response, what: string) {
  const body = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "user-agent": BROWSER },
    body: JSON.stringify({ email, password }),
  });
  return String((await json(response, `login of ${email}`)).token);
}

/** The `deals` setting on, through the admin API as the demo admin (password, then TOTP). */
export async function switchDealsOn(base: string) {
  const settings = (await json(await fetch(`${base}/api/settings?lang=cs`), "settings")) as unknown as {
    name: string;
    value: Record<string, unknown>;
  }[];
  const deals = settings.find((entry) => entry.name === "deals")?.value;
  if (!deals) throw new Error("no deals setting: a build from before deals");
  if (deals.enabled === true) return;
  const staff = DEMO_STAFF.find((member) => member.email === ADMIN)!;
  const token = await login(base, ADMIN, staff.password);
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json", origin: base };
  const totp = new TOTP({ secret: staff.totpSecret, digits: 6, period: 30, algorithm: "SHA1" });
  await json(
    await fetch(`${base}/api/auth/second-factor`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ code: totp.generate() }),
    }),
    "the admin's second factor",
  );
  await json(
    await fetch(`${base}/api/admin/settings/deals`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ value: { ...deals, enabled: true } }),
    }),
    "PUT /api/admin/settings/deals",
  );
}

/**
 * The first `count` active fixed-price classifieds (of the demo seller, or with `anySeller` of
 * anyone) that no deal was made of, opted in to payment through the site (the listing form's
 * "Přijímat platbu přes Raritu" with Zásilkovna and PPL, as one row of `listing_deal_terms`).
 * Without `fresh`, the demo seller's first ones whatever their deals (the deal page's bench finds
 * its buyer's deal again).
 */
export async function sellersClassifieds(
  client: pg.Client,
  count: number,
  { fresh = false, anySeller = false }: { fresh?: boolean; anySeller?: boolean } = {},
): Promise<number[]> {
  const found = await client.query<{ id: number }>(
    `select p.id from products p join users u on u.id = p.seller_id
      where ($3 or u.email = $1) and p.format = 'classified' and p.type = 'supply' and p.status = 'active'
        and p.price_minor is not null
        and not ($4 and exists (select 1 from deals d where d.product_id = p.id))
      order by p.id limit $2`,
    [SELLER, count, anySeller, fresh],
  );
  const ids = found.rows.map((row) => row.id);
  if (ids.length < count)
    throw new Error(
      `${ids.length} active fixed-price classifieds without a deal, not ${count}: seed the demo data`,
    );
  await client.query(
    `insert into listing_deal_terms (product_id, pays_through_site, delivery_options)
     select id, true, $2::jsonb from unnest($1::int[]) as id
     on conflict (product_id) do update set pays_through_site = true, delivery_options = excluded.delivery_options`,
    [ids, JSON.stringify(DELIVERY)],
  );
  return ids;
}

/** "Koupit" as the buyer: the buy step read, its form posted; the deal's id from the redirect. */
export async function buy(base: string, cookie: string, productId: number): Promise<number> {
  const headers = { cookie, "user-agent": BROWSER, accept: "text/html" };
  const step = await fetch(`${base}/ucet/koupit/${productId}`, { headers, redirect: "manual" });
  const own = step.headers.get("location")?.match(/\/ucet\/obchody\/(\d+)/);
  if (own) return Number(own[1]);
  const html = await step.text();
  const key = html.match(/name="requestKey"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="requestKey"/);
  if (step.status !== 200 || !key) throw new Error(`the buy step answered ${step.status} without its form`);
  const bought = await fetch(`${base}/ucet/koupit/${productId}`, {
    method: "POST",
    headers: { ...headers, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ carrier: "zasilkovna", requestKey: key[1] ?? key[2] }),
    redirect: "manual",
  });
  const deal = bought.headers.get("location")?.match(/\/ucet\/obchody\/(\d+)/);
  if (!deal) {
    const refusal = (await bought.text()).match(/role="alert"[^>]*>([^<]+)</)?.[1];
    throw new Error(
      `Koupit answered ${bought.status} without the deal's page${refusal ? `: ${refusal}` : ""}`,
    );
  }
  return Number(deal[1]);
}

/**
 * The buyer's deal awaiting payment (made once per database) and the buyer's session cookie; the
 * server at `base` must run with dealsEnv.
 */
export async function prepareDeal(base: string, client: pg.Client) {
  await switchDealsOn(base);
  const [productId] = await sellersClassifieds(client, 1);
  const cookie = `${SESSION_COOKIE}=${await login(base, BUYER.email, BUYER.password)}`;
  const dealId = await buy(base, cookie, productId);
  return {
    cookie,
    dealId,
    productId,
    pages: [
      { name: "deal", path: `/ucet/obchody/${dealId}`, cookie },
      { name: "purchases", path: "/ucet/nakupy", cookie },
    ],
  };
}

/** What the signed-in page must show (not the login page): the deal awaiting payment. */
export function checkSignedInPage(name: string, html: string, dealId: number) {
  const ok =
    name === "deal"
      ? /data-testid="deal-status"[^>]*>Čeká na platbu</.test(html)
      : html.includes('data-testid="purchases-page"') && html.includes(`/ucet/obchody/${dealId}"`);
  if (!ok) throw new Error(`${name}: the page does not show the buyer's deal ${dealId}`);
}
