import { randomBytes } from "node:crypto";
import { PICKUP_PREFIX } from "#core/contracts/shop.ts";
import { cartTotals } from "#core/rules/cart.ts";
import type { VoucherKind } from "#core/rules/vouchers.ts";
import { variableSymbolOf } from "#server/modules/orders/index.ts";
import type { Db } from "../client.ts";
import * as t from "../schema.ts";
import type { PlannedProduct } from "./products.ts";
import { SHOP } from "./settings-data.ts";
import { DAY, MINUTE } from "./time.ts";
import { type UserSeed, userSeeds } from "./users-data.ts";

/**
 * The operator's shop in the demo (issue 16): a few shop products whose stock and sale the demo
 * relies on, every kind of voucher, and shop orders that used them (the influencer's PETR5 over
 * several months, a used-up code, the buyer's welcome voucher). Nothing here draws from the seed's
 * random sequence, so adding to it never changes the rest of the demo data.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const HOUR = 60 * MINUTE;

/**
 * Shop products the demo shows on purpose, by the start of their Czech name: the last 3 bottles
 * (two buyers racing for them), one and two pieces left, sold out (the stock watchdog), and one
 * product on sale in each of rum, whisky, wine and cigars. Prices in whole CZK.
 */
export const SHOP_SHOWCASE: { name: string; stock?: number; sale?: { price: number; original: number } }[] = [
  { name: "Lagavulin 16 let", stock: 3 },
  { name: "Macallan 12 Double Cask", stock: 1 },
  { name: "Doorly's 12 let", stock: 2 },
  { name: "Adorini Torino Deluxe", stock: 2 },
  { name: "Ron Zacapa XO", stock: 0 },
  { name: "Ardbeg Uigeadail", stock: 0 },
  { name: "Rémy Martin XO", stock: 0 },
  { name: "Diplomático Reserva Exclusiva", stock: 20, sale: { price: 749, original: 890 } },
  { name: "Glenfarclas 105 Cask Strength", stock: 8, sale: { price: 1449, original: 1690 } },
  { name: "Graham's 30 Year Old Tawny", stock: 15, sale: { price: 2490, original: 2900 } },
  { name: "Partagás Serie D No. 4", stock: 14, sale: { price: 349, original: 390 } },
];

/** The one product with exactly this many pieces: the concurrency demo's "last bottles". */
export const LAST_PIECES = 3;

function findShopProduct(planned: readonly PlannedProduct[], name: string): PlannedProduct {
  const found = planned.find((p) => p.row.format === "shop" && p.row.nameCs.startsWith(name));
  if (!found) throw new Error(`seed: no shop product named ${name}`);
  return found;
}

/**
 * Sets the showcase's stock and sales on the planned products (before they are inserted), and
 * keeps "exactly 3 pieces" unique: any other shop product the plan gave 3 pieces gets 4.
 */
export function curateShop(planned: PlannedProduct[]): void {
  const showcase = new Set<PlannedProduct>();
  for (const item of SHOP_SHOWCASE) {
    const product = findShopProduct(planned, item.name);
    showcase.add(product);
    if (item.stock !== undefined) product.row.stock = item.stock;
    if (item.sale)
      Object.assign(product.row, {
        priceMinor: item.sale.price * 100,
        originalPriceMinor: item.sale.original * 100,
        isPriceSaleActive: true,
      });
  }
  for (const product of planned)
    if (product.row.format === "shop" && product.row.stock === LAST_PIECES && !showcase.has(product))
      product.row.stock = LAST_PIECES + 1;
}

type VoucherSeed = Omit<typeof t.vouchers.$inferInsert, "kind"> & { code: string; kind: VoucherKind };

/**
 * Every voucher rule of the spec (section 5) has a code that shows it: a percent with a minimum
 * and one use per customer, a fixed amount with a total limit, the influencer's, an expired one,
 * one not valid yet, one used up by the orders below, one tied to the buyer's e-mail, one
 * switched off.
 */
function voucherSeeds(now: Date, users: Map<string, number>): VoucherSeed[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const buyer = userSeeds.find((user) => user.handle === "buyer")!;
  return [
    {
      code: "VITEJTE10",
      kind: "percent",
      value: 10,
      minCartMinor: 100_000,
      validFrom: at(-60),
      validTo: at(300),
      usageLimitPerUser: 1,
    },
    {
      code: "RUM500",
      kind: "fixed",
      value: 50_000,
      minCartMinor: 500_000,
      validFrom: at(-10),
      validTo: at(20),
      usageLimitTotal: 100,
      usageLimitPerUser: 1,
    },
    {
      code: "PETR5",
      kind: "percent",
      value: 5,
      influencerUserId: users.get("influencer")!,
      marginPercent: 10,
      validFrom: at(-150),
    },
    // Summer 2025, Prague time: long over.
    {
      code: "LETO2025",
      kind: "percent",
      value: 15,
      validFrom: new Date("2025-05-31T22:00:00Z"),
      validTo: new Date("2025-08-31T21:59:59Z"),
    },
    // The tasting evening's code: valid from next fortnight.
    {
      code: "DEGUSTACE200",
      kind: "fixed",
      value: 20_000,
      minCartMinor: 150_000,
      validFrom: at(14),
      validTo: at(45),
      usageLimitPerUser: 1,
    },
    // Handed out at the Whisky Show stand, three uses in all: the orders below used them up.
    {
      code: "WHISKYSHOW",
      kind: "fixed",
      value: 30_000,
      minCartMinor: 200_000,
      validFrom: at(-45),
      validTo: at(30),
      usageLimitTotal: 3,
      usageLimitPerUser: 1,
    },
    // A personal code for the buyer's account: only their e-mail may use it.
    {
      code: "KAREL15",
      kind: "percent",
      value: 15,
      validFrom: at(-5),
      validTo: at(60),
      usageLimitPerUser: 1,
      requiresEmail: buyer.email,
    },
    { code: "VIP2024", kind: "percent", value: 10, isActive: false, validFrom: at(-400) },
  ];
}

type Customer =
  | { handle: UserSeed["handle"] }
  | { guest: { name: string; email: string; phone: string; street: string; city: string; zip: string } };

type ShopOrderSeed = {
  customer: Customer;
  /** Placed this long ago. */
  ago: number;
  /** Products by the start of their Czech name, with the quantity. */
  lines: [string, number][];
  voucher?: string;
  /** A carrier of the `shop` setting, or `pickup:<branch>`. */
  carrier: string;
  payment: "card" | "bank_transfer";
  status: "awaiting_payment" | "paid" | "shipped" | "delivered";
  /** The invoice address is the company's (the user's company data). */
  company?: boolean;
  note?: string;
};

const guest = {
  name: "Jana Malá",
  email: "jana.mala@example.cz",
  phone: "+420731555012",
  street: "Kounicova 688/39",
  city: "Brno",
  zip: "602 00",
};

/**
 * The shop orders: the buyer's two (the welcome voucher, then RUM500 with pickup at a branch),
 * PETR5's over five months (one of them a guest's, one still awaiting payment), the Whisky Show's
 * three, and a company order with IČO and DIČ.
 */
const ORDERS: ShopOrderSeed[] = [
  {
    customer: { handle: "buyer" },
    ago: 12 * DAY,
    lines: [
      ["Appleton Estate 12", 1],
      ["Worthy Park Single Estate", 1],
    ],
    voucher: "VITEJTE10",
    carrier: "zasilkovna",
    payment: "card",
    status: "delivered",
  },
  {
    customer: { handle: "buyer" },
    ago: 3 * DAY,
    lines: [
      ["Ron Zacapa XO", 1],
      ["El Dorado 15 let", 1],
      ["Havana Club Selección de Maestros", 1],
    ],
    voucher: "RUM500",
    carrier: `${PICKUP_PREFIX}olomouc`,
    payment: "card",
    status: "paid",
    note: "Vyzvednu v sobotu dopoledne.",
  },
  {
    customer: { handle: "collector2" },
    ago: 118 * DAY,
    lines: [["Macallan 12 Double Cask", 1]],
    voucher: "PETR5",
    carrier: "ppl",
    payment: "card",
    status: "delivered",
  },
  {
    customer: { handle: "collector3" },
    ago: 95 * DAY,
    lines: [
      ["Ardbeg Uigeadail", 1],
      ["Lagavulin 16 let", 1],
    ],
    voucher: "PETR5",
    carrier: "zasilkovna",
    payment: "card",
    status: "delivered",
  },
  {
    customer: { guest },
    ago: 70 * DAY,
    lines: [["Diplomático Reserva Exclusiva", 2]],
    voucher: "PETR5",
    carrier: "zasilkovna",
    payment: "bank_transfer",
    status: "delivered",
  },
  {
    customer: { handle: "collector6" },
    ago: 52 * DAY,
    lines: [["Hibiki Japanese Harmony", 1]],
    voucher: "PETR5",
    carrier: "zasilkovna",
    payment: "card",
    status: "delivered",
  },
  {
    customer: { handle: "collector7" },
    ago: 33 * DAY,
    lines: [
      ["Montecristo No. 4", 5],
      ["Partagás Serie D No. 4", 5],
    ],
    voucher: "PETR5",
    carrier: `${PICKUP_PREFIX}liberec`,
    payment: "card",
    status: "delivered",
  },
  {
    customer: { handle: "collector9" },
    ago: 12 * DAY,
    lines: [["Hennessy XO", 1]],
    voucher: "PETR5",
    carrier: "dpd",
    payment: "card",
    status: "delivered",
  },
  {
    customer: { handle: "collector8" },
    ago: 4 * DAY,
    lines: [
      ["El Dorado 15 let", 1],
      ["Doorly's 12 let", 1],
    ],
    voucher: "PETR5",
    carrier: "ceska-posta",
    payment: "bank_transfer",
    status: "shipped",
  },
  {
    customer: { handle: "collector4" },
    ago: 5 * HOUR,
    lines: [["Davidoff Millennium Blend Robusto", 1]],
    voucher: "PETR5",
    carrier: "ppl",
    payment: "bank_transfer",
    status: "awaiting_payment",
  },
  {
    customer: { handle: "collector1" },
    ago: 41 * DAY,
    lines: [
      ["Redbreast 12 let", 1],
      ["Glencairn, křišťálová", 1],
    ],
    voucher: "WHISKYSHOW",
    carrier: `${PICKUP_PREFIX}praha-smichov`,
    payment: "card",
    status: "delivered",
  },
  {
    customer: { handle: "collector5" },
    ago: 41 * DAY + 3 * HOUR,
    lines: [
      ["Auchentoshan Three Wood", 1],
      ["Michter's US*1", 1],
    ],
    voucher: "WHISKYSHOW",
    carrier: "ppl",
    payment: "card",
    status: "delivered",
  },
  {
    customer: { handle: "collector3" },
    ago: 40 * DAY,
    lines: [
      ["Glenfarclas 105", 1],
      ["Lagavulin 16 let", 1],
    ],
    voucher: "WHISKYSHOW",
    carrier: "zasilkovna",
    payment: "bank_transfer",
    status: "delivered",
  },
  {
    customer: { handle: "seller" },
    ago: 20 * DAY,
    lines: [["Dom Pérignon 2012", 2]],
    carrier: "ppl",
    payment: "bank_transfer",
    status: "delivered",
    company: true,
    note: "Dárky pro klienty, fakturu prosím na firmu.",
  },
];

/** A carrier's tracking number in its usual shape, made up from the order's place in the list. */
function trackingNumber(carrier: string, index: number): string {
  const digits = (length: number) => String(7_300_000_000_000 + (index + 1) * 7_919_113).slice(-length);
  if (carrier === "zasilkovna") return `Z${digits(10)}`;
  if (carrier === "ppl") return `4${digits(10)}`;
  if (carrier === "dpd") return `1550${digits(10)}`;
  return `DR${digits(9)}CZ`;
}

function deliveryLine(carrier: string): string {
  if (carrier.startsWith(PICKUP_PREFIX)) {
    const branch = SHOP.branches.find((b) => `${PICKUP_PREFIX}${b.key}` === carrier)!;
    return `Osobní odběr – ${branch.name}`;
  }
  return `Doprava – ${SHOP.carriers.find((c) => c.key === carrier)!.name}`;
}

export type ShopActivityContext = {
  now: Date;
  planned: readonly PlannedProduct[];
  users: Map<string, number>;
  groups: { vip: number; dealer: number };
};

/** A paid shop order, for its tax document (issued with the others in the order they were paid). */
export type PaidShopOrder = {
  order: typeof t.orders.$inferSelect;
  paidAt: Date;
  method: "card" | "bank_transfer";
};

/** Who placed the order: their account (or none, a guest), contact and the order's two addresses. */
function customerOf(spec: ShopOrderSeed, ctx: ShopActivityContext) {
  const person = "handle" in spec.customer ? userSeeds.find((u) => u.handle === handleOf(spec))! : null;
  const contact = person
    ? {
        name: `${person.firstname} ${person.lastname}`,
        email: person.email,
        phone: `${person.phonePrefix}${person.phone}`,
        address: { street: person.street, city: person.city, zip: person.zip, countryCode: person.country },
      }
    : (() => {
        const { name, email, phone, street, city, zip } = (spec.customer as { guest: typeof guest }).guest;
        return { name, email, phone, address: { street, city, zip, countryCode: "CZ" } };
      })();
  const address = { name: contact.name, ...contact.address };
  const company = spec.company ? person?.company : undefined;
  return {
    userId: person ? ctx.users.get(person.handle)! : null,
    groupPercent:
      person?.group === "vip" ? ctx.groups.vip : person?.group === "dealer" ? ctx.groups.dealer : 0,
    email: contact.email,
    phone: contact.phone,
    deliveryAddress: spec.carrier.startsWith(PICKUP_PREFIX) ? null : address,
    invoiceAddress: company
      ? { ...address, company: company.name, companyId: company.companyId, taxId: company.taxId }
      : address,
  };
}

const handleOf = (spec: ShopOrderSeed) => (spec.customer as { handle: string }).handle;

/**
 * The order's moments: placed, paid (a card at once, a transfer the next working hours), handed
 * to the carrier a day later, delivered a day after that, or handed over at the branch.
 */
function timesOf(spec: ShopOrderSeed, nowMs: number) {
  const pickup = spec.carrier.startsWith(PICKUP_PREFIX);
  const createdAt = new Date(nowMs - spec.ago);
  const paidAt =
    spec.status === "awaiting_payment"
      ? null
      : new Date(createdAt.getTime() + (spec.payment === "card" ? 3 * MINUTE : 20 * HOUR));
  const shippedAt = paidAt && !pickup && spec.status !== "paid" ? new Date(paidAt.getTime() + DAY) : null;
  const deliveredAt =
    spec.status !== "delivered" || !paidAt
      ? null
      : new Date((shippedAt ?? paidAt).getTime() + (pickup ? 2 * DAY : DAY + 3 * HOUR));
  const updatedAt = deliveredAt ?? shippedAt ?? paidAt ?? createdAt;
  if (updatedAt.getTime() > nowMs) throw new Error("seed: a shop order's step lies in the future");
  return { createdAt, paidAt, shippedAt, deliveredAt, updatedAt };
}

type SeededVoucher = { id: number; code: string; kind: VoucherKind; value: number };

/** Writes one order with its lines, its payment when paid and its voucher's use. */
async function writeOrder(
  tx: Tx,
  ctx: ShopActivityContext,
  spec: ShopOrderSeed,
  index: number,
  voucher: SeededVoucher | null,
): Promise<PaidShopOrder | null> {
  const customer = customerOf(spec, ctx);
  const lines = spec.lines.map(([name, quantity]) => {
    const product = findShopProduct(ctx.planned, name);
    return { product, quantity, unitPriceMinor: product.row.priceMinor! };
  });
  const carrier = SHOP.carriers.find((c) => c.key === spec.carrier);
  const totals = cartTotals(lines, {
    groupDiscountPercent: customer.groupPercent,
    voucher,
    carrierPriceMinor: carrier?.priceMinor ?? 0,
  });
  const times = timesOf(spec, ctx.now.getTime());
  const [order] = await tx
    .insert(t.orders)
    .values({
      hash: randomBytes(16).toString("hex"),
      userId: customer.userId,
      kind: "shop",
      status: spec.status,
      email: customer.email,
      phone: customer.phone,
      subtotalMinor: totals.itemsMinor,
      groupDiscountMinor: totals.groupDiscountMinor,
      voucherDiscountMinor: totals.voucherDiscountMinor,
      discountMinor: totals.groupDiscountMinor + totals.voucherDiscountMinor,
      deliveryMinor: totals.deliveryMinor,
      paymentFeeMinor: totals.paymentFeeMinor,
      totalMinor: totals.totalMinor,
      voucherId: voucher?.id ?? null,
      deliveryAddress: customer.deliveryAddress,
      invoiceAddress: customer.invoiceAddress,
      carrier: spec.carrier,
      paymentMethod: spec.payment,
      note: spec.note ?? null,
      termsAcceptedAt: times.createdAt,
      reservedUntil: new Date(times.createdAt.getTime() + SHOP.reservationHours * HOUR),
      ...times,
      trackingNumber: times.shippedAt ? trackingNumber(spec.carrier, index) : null,
    })
    .returning();
  await tx.insert(t.orderItems).values([
    ...lines.map((line) => ({
      orderId: order.id,
      productId: line.product.id,
      description: line.product.row.nameCs,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      taxRate: line.product.row.taxRate ?? 21,
    })),
    {
      orderId: order.id,
      // The delivery is a line of its own kind: the summary and the tax document list it apart.
      kind: "delivery" as const,
      description: deliveryLine(spec.carrier),
      quantity: 1,
      unitPriceMinor: totals.deliveryMinor,
      taxRate: 21,
    },
  ]);
  if (voucher)
    await tx.insert(t.voucherUsages).values({
      voucherId: voucher.id,
      orderId: order.id,
      userId: customer.userId,
      createdAt: times.createdAt,
    });
  const { paidAt } = times;
  if (!paidAt) return null;
  const card = spec.payment === "card";
  await tx.insert(t.payments).values({
    orderId: order.id,
    method: spec.payment,
    provider: card ? "test" : "bank",
    providerPaymentId: card ? `test_${randomBytes(8).toString("hex")}` : null,
    variableSymbol: card ? null : variableSymbolOf(order.id),
    status: "paid",
    amountMinor: totals.totalMinor,
    createdAt: times.createdAt,
    updatedAt: paidAt,
    paidAt,
  });
  return { order, paidAt, method: spec.payment };
}

/** Writes the vouchers and the shop orders with their lines, payments and voucher uses. */
export async function seedShopActivity(
  tx: Tx,
  ctx: ShopActivityContext,
): Promise<{ vouchers: number; orders: number; paid: PaidShopOrder[] }> {
  const inserted = await tx
    .insert(t.vouchers)
    .values(voucherSeeds(ctx.now, ctx.users))
    .returning({ id: t.vouchers.id, code: t.vouchers.code, kind: t.vouchers.kind, value: t.vouchers.value });
  const voucherByCode = new Map(inserted.map((voucher) => [voucher.code, voucher]));
  const paid: PaidShopOrder[] = [];
  for (const [index, spec] of ORDERS.entries()) {
    const voucher = spec.voucher ? voucherByCode.get(spec.voucher)! : null;
    const written = await writeOrder(tx, ctx, spec, index, voucher);
    if (written) paid.push(written);
  }
  return { vouchers: inserted.length, orders: ORDERS.length, paid };
}
