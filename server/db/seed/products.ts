import { monthlyRoundClose, nextMonthlyRoundClose } from "#core/rules/auction-end.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import { categoryPathNames, productSearchName, productSearchText } from "#server/modules/catalog/index.ts";
import type { NewProduct } from "#server/modules/listings/tables/products.ts";
import { brands as brandSeeds, type SeedBrand } from "./brands.ts";
import { type CatalogueItem, catalogue, type DemandItem, demands, type Kind } from "./catalogue.ts";
import type { SeedCategory } from "./categories.ts";
import { describeDemand, describeProduct, kindGroup, productNames } from "./descriptions.ts";
import type { Random } from "./random.ts";
import { bidStepMinor } from "./settings-data.ts";
import type { DrawInput, ImageVariant } from "./svg.ts";
import { slugify } from "./text.ts";
import { DAY, MINUTE } from "./time.ts";

/**
 * Plans the demo products: format, seller, status and times relative to "now", prices, bid
 * histories consistent with the bid-step table, and the pictures to draw. Nothing is written here;
 * index.ts inserts the plan.
 */

const HOUR = 60 * MINUTE;

export type PlannedBid = {
  userId: number;
  amountMinor: number;
  maxAmountMinor: number | null;
  createdAt: Date;
};

export type PlannedStatusChange = {
  fromStatus: NewProduct["status"] | null;
  toStatus: NonNullable<NewProduct["status"]>;
  createdAt: Date;
  actorId: number | null;
};

export type PlannedProduct = {
  id: number;
  row: NewProduct & { id: number };
  bids: PlannedBid[];
  images: DrawInput[];
  statusChanges: PlannedStatusChange[];
  kind: Kind;
  brand: SeedBrand;
  valueMinor: number;
  /** The catalogue's item it was made of (a supply), for its structured attributes (./attributes.ts). */
  item?: CatalogueItem;
};

export type PlanContext = {
  rng: Random;
  now: Date;
  categories: Map<string, SeedCategory>;
  brandIds: Map<string, number>;
  packageIds: Map<string, number>;
  /** User ids by handle ("seller", "newSeller", "buyer", "admin", "collector1"...). */
  users: Map<string, number>;
  firstId: number;
};

export type AuctionPlan =
  | "active-week"
  | "ending-soon"
  | "active-month"
  | "scheduled"
  | "awaiting_payment"
  | "ended"
  | "sold"
  | "expired"
  | "cancelled";

const brandByKey = new Map(brandSeeds.map((brand) => [brand.key, brand]));

/** A price rounded down to the bid-step grid, so that start prices look like real ones (1 450, 12 500...). */
export function roundToStep(minor: number): number {
  const step = bidStepMinor(minor);
  return Math.max(step, Math.floor(minor / step) * step);
}

/** A shop or classified price with the usual ",90" look (1 290 Kč, 24 900 Kč). */
export function shopPrice(crowns: number): number {
  if (crowns < 200) return Math.round(crowns / 10) * 10 * 100;
  if (crowns < 2000) return (Math.round(crowns / 100) * 100 - 10) * 100;
  return (Math.round(crowns / 1000) * 1000 - 100) * 100;
}

export function badgeFor(item: { name: string; vintage?: number }): string | undefined {
  const age = item.name.match(/\b(\d+) (yo|ans|let|Años|Year Old)\b/i);
  if (age) return `${age[1]} YO`;
  if (item.vintage) return String(item.vintage);
  return undefined;
}

function imageVariants(kind: Kind, rng: Random): ImageVariant[] {
  const group = kindGroup(kind);
  const count = rng.int(1, 3);
  if (kind === "cigar-box") return ["front", "detail"];
  if (group === "accessory" || kind === "cigar-single" || kind === "pipe-tobacco") return ["front"];
  return (["front", "detail", "back"] as ImageVariant[]).slice(0, count);
}

/** The close of the monthly round before `roundEnd`. */
export function previousRoundEnd(roundEnd: Date): Date {
  const f = toPragueWallClock(roundEnd);
  return f.month === 1 ? monthlyRoundClose(f.year - 1, 12) : monthlyRoundClose(f.year, f.month - 1);
}

/** Picks the sequence of bidders: never the seller, never the same user twice in a row. */
function bidderSequence(
  count: number,
  pool: number[],
  sellerId: number | null,
  rng: Random,
  force: { last?: number; penultimate?: number },
): number[] {
  const eligible = pool.filter((id) => id !== sellerId);
  const seq: number[] = [];
  for (let i = 0; i < count; i++) {
    let id = rng.pick(eligible);
    for (let tries = 0; tries < 10 && id === seq[i - 1]; tries++) id = rng.pick(eligible);
    if (id === seq[i - 1]) id = eligible.find((other) => other !== seq[i - 1])!;
    seq.push(id);
  }
  const fix = (index: number, wanted: number) => {
    if (index < 0 || wanted === sellerId) return;
    seq[index] = wanted;
    // Neighbours must differ from the forced bidder.
    for (const neighbour of [index - 1, index + 1]) {
      if (neighbour < 0 || neighbour >= seq.length || seq[neighbour] !== wanted) continue;
      seq[neighbour] = eligible.find(
        (id) => id !== wanted && id !== seq[neighbour - 1] && id !== seq[neighbour + 1],
      )!;
    }
  };
  if (force.last !== undefined) fix(count - 1, force.last);
  if (force.penultimate !== undefined && count >= 2) fix(count - 2, force.penultimate);
  return seq;
}

/**
 * Bids ascending in valid steps: the first may equal the start price, every later one is at least
 * the current price + the step for it. The leader may have a hidden proxy maximum above its bid.
 */
export function planBids(options: {
  startMinor: number;
  count: number;
  from: Date;
  to: Date;
  pool: number[];
  sellerId: number | null;
  valueMinor: number;
  rng: Random;
  force?: { last?: number; penultimate?: number };
  lastMinutesBefore?: Date;
}): PlannedBid[] {
  const { startMinor, count, rng } = options;
  if (count <= 0) return [];
  const bidders = bidderSequence(count, options.pool, options.sellerId, rng, options.force ?? {});
  const span = Math.max(MINUTE, options.to.getTime() - options.from.getTime());
  const times = Array.from({ length: count }, () => options.from.getTime() + rng.next() ** 0.7 * span).sort(
    (a, b) => a - b,
  );
  if (options.lastMinutesBefore && count > 1) {
    // A tight finish a few minutes before the end (outside the soft-close window).
    times[count - 1] = options.lastMinutesBefore.getTime() - rng.int(150, 600) * 1000;
    if (times[count - 2] > times[count - 1]) times[count - 2] = times[count - 1] - rng.int(1, 5) * MINUTE;
  }
  const bids: PlannedBid[] = [];
  let current = 0;
  for (let i = 0; i < count; i++) {
    let amount: number;
    if (i === 0) amount = rng.chance(0.6) ? startMinor : startMinor + bidStepMinor(startMinor);
    else {
      const step = bidStepMinor(current);
      let jump: number;
      if (current > options.valueMinor * 1.3) jump = 1;
      // Far below the market value, collectors raise in bigger leaps.
      else if (current < options.valueMinor * 0.6)
        jump = Math.max(1, Math.round((current * (0.03 + rng.next() * 0.09)) / step));
      else jump = rng.pick([1, 1, 1, 1, 2, 2, 3, 5]);
      amount = current + step * jump;
    }
    bids.push({
      userId: bidders[i],
      amountMinor: amount,
      maxAmountMinor: null,
      createdAt: new Date(Math.round(times[i])),
    });
    current = amount;
  }
  // Some leaders bid through a proxy maximum: their visible bid is then exactly one step over the previous one.
  if (count >= 2 && rng.chance(0.3)) {
    const last = bids[count - 1];
    last.amountMinor = bids[count - 2].amountMinor + bidStepMinor(bids[count - 2].amountMinor);
    last.maxAmountMinor = last.amountMinor + bidStepMinor(last.amountMinor) * rng.int(2, 12);
  }
  return bids;
}

export function planDemoProducts(ctx: PlanContext): PlannedProduct[] {
  const { rng, now, users } = ctx;
  const nowMs = now.getTime();
  const seller = users.get("seller")!;
  const newSeller = users.get("newSeller")!;
  const buyer = users.get("buyer")!;
  const collectors = [...users.entries()]
    .filter(([handle]) => handle.startsWith("collector"))
    .map(([, id]) => id);
  // The buyer bids most often; the sellers bid on others' auctions too.
  const bidderPool = [buyer, buyer, buyer, ...collectors, newSeller, seller];

  const categoriesById = new Map([...ctx.categories.values()].map((category) => [category.id, category]));

  const roundEnd = nextMonthlyRoundClose(now);
  const prevRoundEnd = previousRoundEnd(roundEnd);
  const olderRoundEnd = previousRoundEnd(prevRoundEnd);

  const planned: PlannedProduct[] = [];
  let nextId = ctx.firstId;
  let newSellerCount = 0;
  let endingSoon = 0;
  let buyerWins = 0;
  let buyerLeads = 0;
  let buyerOutbid = 0;

  const pickSeller = (): number => {
    if (newSellerCount < 7 && rng.chance(0.1)) {
      newSellerCount++;
      return newSeller;
    }
    return rng.chance(0.45) ? seller : rng.pick(collectors);
  };

  const auctionPlan = (): AuctionPlan => {
    const r = rng.next();
    if (r < 0.3) return endingSoon < 8 ? "ending-soon" : "active-week";
    if (r < 0.56) return "active-month";
    if (r < 0.63) return "scheduled";
    if (r < 0.69) return "awaiting_payment";
    if (r < 0.83) return "ended";
    if (r < 0.95) return "sold";
    if (r < 0.985) return "expired";
    return "cancelled";
  };

  const common = (item: { category: string; brand: string; pack: string }) => {
    const category = ctx.categories.get(item.category);
    if (!category) throw new Error(`seed: unknown category key ${item.category}`);
    const brand = brandByKey.get(item.brand);
    if (!brand) throw new Error(`seed: unknown brand key ${item.brand}`);
    return {
      category,
      brand,
      brandId: ctx.brandIds.get(item.brand) ?? null,
      packageId: ctx.packageIds.get(item.pack) ?? null,
    };
  };

  const pictures = (kind: Kind, brand: SeedBrand, name: string, badge: string | undefined): DrawInput[] => {
    const seed = rng.next();
    return imageVariants(kind, rng).map((variant) => ({
      kind,
      brand: brand.name,
      name,
      badge,
      colors: brand.colors,
      seed,
      variant,
    }));
  };

  const addItem = (item: CatalogueItem) => {
    const id = nextId++;
    const { category, brand, brandId, packageId } = common(item);
    const names = productNames(item);
    const valueMinor = item.value * 100;
    let format: "auction" | "classified" | "shop";
    if (item.prefer === "shop") format = "shop";
    else if (item.prefer) format = item.prefer;
    else format = rng.chance(0.72) ? "auction" : "classified";

    const byAgreement = format === "classified" && rng.chance(0.22);
    const text = describeProduct(item, { format, byAgreement, brand, names, rng, now });
    const row: NewProduct & { id: number } = {
      id,
      format,
      type: "supply",
      status: "active",
      sellerId: null,
      categoryId: category.id,
      brandId,
      packageId,
      nameCs: names.cs,
      nameEn: names.en,
      slugCs: slugify(names.cs),
      slugEn: slugify(names.en),
      descriptionCs: text.cs,
      descriptionEn: text.en,
      searchName: productSearchName(names.cs, names.en),
      searchText: productSearchText({
        nameCs: names.cs,
        nameEn: names.en,
        brand: brand.name,
        categories: categoryPathNames(category.id, categoriesById),
        descriptionCs: text.cs,
        descriptionEn: text.en,
      }),
      taxRate: 21,
      views: Math.round(20 + rng.next() ** 2 * 2500),
    };
    const statusChanges: PlannedStatusChange[] = [];
    let bids: PlannedBid[] = [];

    if (format === "shop") {
      const created = new Date(nowMs - (rng.chance(0.2) ? rng.next() * 6 * DAY : rng.int(7, 160) * DAY));
      const price = shopPrice(item.value * (1 + rng.next() * 0.12));
      const soldOut = rng.chance(0.15);
      const onSale = !soldOut && rng.chance(0.3);
      Object.assign(row, {
        priceMinor: onSale ? Math.round((price * (0.8 + rng.next() * 0.1)) / 1000) * 1000 - 100 : price,
        originalPriceMinor: onSale ? price : null,
        isPriceSaleActive: onSale,
        stock: soldOut ? 0 : rng.int(1, 24),
        activationAt: created,
        createdAt: created,
        updatedAt: created,
      });
      statusChanges.push({
        fromStatus: null,
        toStatus: "active",
        createdAt: created,
        actorId: users.get("admin")!,
      });
    } else {
      const sellerId = pickSeller();
      row.sellerId = sellerId;
      const plan: AuctionPlan = format === "auction" ? auctionPlan() : classifiedPlan(rng);
      const timing = planTiming(plan, format, rng, now, roundEnd, prevRoundEnd, olderRoundEnd);
      if (plan === "ending-soon") endingSoon++;
      Object.assign(row, {
        status: timing.status,
        activationAt: timing.activationAt,
        endsAt: timing.endsAt,
        endedAt: timing.endedAt,
        createdAt: timing.createdAt,
        updatedAt: timing.endedAt ?? timing.activationAt ?? timing.createdAt,
      });
      if (format === "auction") {
        row.auctionDuration = timing.duration;
        // Cheaper bottles sometimes start at 100 Kč, a classic auction hook.
        const startMinor =
          valueMinor < 300_000 && rng.chance(0.25)
            ? 10_000
            : roundToStep(valueMinor * (0.35 + rng.next() * 0.45));
        row.startPriceMinor = startMinor;
        if (timing.status === "active" && valueMinor >= 2_000_000 && rng.chance(0.5))
          row.reservePriceMinor = roundToStep(valueMinor * 0.85);
        const live = timing.status === "active";
        const finished = timing.status === "ended" || timing.status === "sold";
        let count = 0;
        if (live) count = rng.chance(0.3) ? 0 : rng.int(1, valueMinor > 1_000_000 ? 14 : 9);
        if (finished) count = timing.status === "sold" || rng.chance(0.8) ? rng.int(2, 16) : 0;
        const force: { last?: number; penultimate?: number } = {};
        if (count > 0 && sellerId !== buyer) {
          if (finished && sellerId === seller && buyerWins < 3) {
            force.last = buyer;
            buyerWins++;
          } else if (live && buyerLeads < 4 && count >= 1) {
            force.last = buyer;
            buyerLeads++;
          } else if (live && buyerOutbid < 4 && count >= 2) {
            force.penultimate = buyer;
            buyerOutbid++;
          }
        }
        const from = new Date((timing.activationAt?.getTime() ?? nowMs) + 5 * MINUTE);
        // No bid in the last 2 minutes before the end: that would have moved the end (soft close).
        const until = new Date(Math.min(nowMs - MINUTE, (timing.endsAt?.getTime() ?? nowMs) - 3 * MINUTE));
        if (until.getTime() - from.getTime() < 10 * MINUTE) count = 0;
        bids = planBids({
          startMinor,
          count,
          from,
          to: until,
          pool: bidderPool,
          sellerId,
          valueMinor,
          rng,
          force,
          lastMinutesBefore: finished && rng.chance(0.5) ? timing.endsAt! : undefined,
        });
        if (bids.length) {
          const top = bids[bids.length - 1];
          row.currentPriceMinor = top.amountMinor;
          row.bidCount = bids.length;
          if (finished) row.winnerId = top.userId;
        }
        // ADR 0007's close: an auction with a winner is sold, one without simply ended.
        if (finished) row.status = bids.length ? "sold" : "ended";
      } else {
        row.priceMinor = byAgreement ? null : shopPrice(item.value * (0.92 + rng.next() * 0.2));
      }
      statusChanges.push(...lifecycle(row, sellerId, users.get("admin")!));
    }

    planned.push({
      id,
      row,
      bids,
      images: pictures(item.kind, brand, names.en, badgeFor(item)),
      statusChanges,
      kind: item.kind,
      brand,
      valueMinor,
      item,
    });
  };

  const addDemand = (item: DemandItem, index: number) => {
    const id = nextId++;
    const { category, brand, brandId, packageId } = common(item);
    const sellerId = index % 4 === 0 ? buyer : index % 4 === 1 ? seller : rng.pick(collectors);
    const text = describeDemand(item.cs, item.en, item.price, rng);
    const activation = new Date(nowMs - rng.next() * 40 * DAY);
    const row: NewProduct & { id: number } = {
      id,
      format: "classified",
      type: "demand",
      status: "active",
      sellerId,
      categoryId: category.id,
      brandId,
      packageId,
      nameCs: item.cs,
      nameEn: item.en,
      slugCs: slugify(item.cs),
      slugEn: slugify(item.en),
      descriptionCs: text.cs,
      descriptionEn: text.en,
      searchName: productSearchName(item.cs, item.en),
      searchText: productSearchText({
        nameCs: item.cs,
        nameEn: item.en,
        brand: brand.name,
        categories: categoryPathNames(category.id, categoriesById),
        descriptionCs: text.cs,
        descriptionEn: text.en,
      }),
      priceMinor: item.price === null ? null : item.price * 100,
      taxRate: 21,
      activationAt: activation,
      endsAt: new Date(activation.getTime() + 60 * DAY),
      createdAt: new Date(activation.getTime() - rng.int(5, 120) * MINUTE),
      updatedAt: activation,
      views: rng.int(10, 400),
    };
    planned.push({
      id,
      row,
      bids: [],
      images: pictures(item.kind, brand, item.en.replace(/^(Wanted|Looking for):?\s*/i, ""), undefined),
      statusChanges: lifecycle(row, sellerId, users.get("admin")!),
      kind: item.kind,
      brand,
      valueMinor: (item.price ?? 0) * 100,
    });
  };

  for (const item of catalogue) addItem(item);
  demands.forEach(addDemand);

  // Promotion: some live user listings are topped; a few had a promotion that already ran out.
  const live = planned.filter(
    (p) => p.row.status === "active" && p.row.sellerId !== null && p.row.type === "supply",
  );
  for (const p of rng.sample(live, 16)) p.row.toppedUntil = new Date(nowMs + (0.5 + rng.next() * 9) * DAY);
  for (const p of rng.sample(
    live.filter((x) => !x.row.toppedUntil),
    4,
  ))
    p.row.toppedUntil = new Date(nowMs - rng.int(1, 10) * DAY);
  // One listing waits for moderation after a report.
  const reported = live.find((p) => p.row.sellerId !== users.get("seller") && !p.row.toppedUntil);
  if (reported) reported.row.reportedAt = new Date(nowMs - 3 * HOUR);
  return planned;
}

export function classifiedPlan(rng: Random): AuctionPlan {
  const r = rng.next();
  if (r < 0.76) return "active-week";
  if (r < 0.86) return "sold";
  if (r < 0.91) return "scheduled";
  if (r < 0.96) return "awaiting_payment";
  return "expired";
}

export type Timing = {
  status: NonNullable<NewProduct["status"]>;
  duration: "week" | "month" | null;
  createdAt: Date;
  activationAt: Date | null;
  endsAt: Date | null;
  endedAt: Date | null;
};

export function planTiming(
  plan: AuctionPlan,
  format: "auction" | "classified",
  rng: Random,
  now: Date,
  roundEnd: Date,
  prevRoundEnd: Date,
  olderRoundEnd: Date,
): Timing {
  const nowMs = now.getTime();
  const at = (ms: number) => new Date(Math.round(ms));
  const paidAfter = (activation: number) => at(activation - rng.int(10, 36 * 60) * MINUTE);
  const classifiedEnd = (activation: number) => at(activation + 60 * DAY);

  if (format === "classified") {
    switch (plan) {
      case "sold": {
        const activation = nowMs - rng.int(5, 50) * DAY;
        const ended = activation + rng.int(1, 4) * DAY;
        return {
          status: "sold",
          duration: null,
          createdAt: paidAfter(activation),
          activationAt: at(activation),
          endsAt: classifiedEnd(activation),
          endedAt: at(ended),
        };
      }
      case "scheduled": {
        const activation = nowMs + rng.int(6, 120) * HOUR;
        return {
          status: "scheduled",
          duration: null,
          createdAt: at(nowMs - rng.int(1, 40) * HOUR),
          activationAt: at(activation),
          endsAt: classifiedEnd(activation),
          endedAt: null,
        };
      }
      case "awaiting_payment":
        return {
          status: "awaiting_payment",
          duration: null,
          createdAt: at(nowMs - rng.int(10, 600) * MINUTE),
          activationAt: null,
          endsAt: null,
          endedAt: null,
        };
      case "expired":
        return {
          status: "expired",
          duration: null,
          createdAt: at(nowMs - rng.int(15, 40) * DAY),
          activationAt: null,
          endsAt: null,
          endedAt: null,
        };
      default: {
        const activation = nowMs - rng.next() * 45 * DAY;
        return {
          status: "active",
          duration: null,
          createdAt: paidAfter(activation),
          activationAt: at(activation),
          endsAt: classifiedEnd(activation),
          endedAt: null,
        };
      }
    }
  }

  switch (plan) {
    case "ending-soon": {
      const activation = nowMs - 7 * DAY + (0.5 + rng.next() * 9.5) * HOUR;
      return {
        status: "active",
        duration: "week",
        createdAt: paidAfter(activation),
        activationAt: at(activation),
        endsAt: at(activation + 7 * DAY),
        endedAt: null,
      };
    }
    case "active-week": {
      const activation = nowMs - (0.05 + rng.next() * 6.4) * DAY;
      return {
        status: "active",
        duration: "week",
        createdAt: paidAfter(activation),
        activationAt: at(activation),
        endsAt: at(activation + 7 * DAY),
        endedAt: null,
      };
    }
    case "active-month": {
      // Activated during the current round, so it closes with it.
      const roundOpen = prevRoundEnd.getTime() + HOUR;
      const earliest = Math.max(roundOpen, nowMs - 25 * DAY);
      const activation = earliest < nowMs ? earliest + rng.next() * (nowMs - earliest) : nowMs - MINUTE;
      return {
        status: "active",
        duration: "month",
        createdAt: paidAfter(activation),
        activationAt: at(activation),
        endsAt: roundEnd,
        endedAt: null,
      };
    }
    case "scheduled": {
      const activation = nowMs + rng.int(3, 120) * HOUR;
      const month = rng.chance(0.4);
      return {
        status: "scheduled",
        duration: month ? "month" : "week",
        createdAt: at(nowMs - rng.int(1, 48) * HOUR),
        activationAt: at(activation),
        endsAt: month ? nextMonthlyRoundClose(at(activation)) : at(activation + 7 * DAY),
        endedAt: null,
      };
    }
    case "awaiting_payment":
      return {
        status: "awaiting_payment",
        duration: rng.chance(0.5) ? "month" : "week",
        createdAt: at(nowMs - rng.int(10, 900) * MINUTE),
        activationAt: null,
        endsAt: null,
        endedAt: null,
      };
    case "expired":
      return {
        status: "expired",
        duration: "week",
        createdAt: at(nowMs - rng.int(15, 60) * DAY),
        activationAt: null,
        endsAt: null,
        endedAt: null,
      };
    case "cancelled": {
      const activation = nowMs - rng.int(2, 20) * DAY;
      return {
        status: "cancelled",
        duration: "week",
        createdAt: paidAfter(activation),
        activationAt: at(activation),
        endsAt: at(activation + 7 * DAY),
        endedAt: at(activation + rng.int(2, 48) * HOUR),
      };
    }
    default: {
      // ended or sold: a past weekly auction or a past monthly round.
      const status = plan === "sold" ? "sold" : "ended";
      if (rng.chance(0.5)) {
        const activation = nowMs - (8 + rng.next() * 40) * DAY;
        const end = activation + 7 * DAY;
        return {
          status,
          duration: "week",
          createdAt: paidAfter(activation),
          activationAt: at(activation),
          endsAt: at(end),
          endedAt: at(end + rng.int(1, 30) * 1000),
        };
      }
      const close = rng.chance(0.7) ? prevRoundEnd : olderRoundEnd;
      const open = previousRoundEnd(close).getTime() + HOUR;
      const activation = open + rng.next() * (close.getTime() - open - DAY);
      return {
        status,
        duration: "month",
        createdAt: paidAfter(activation),
        activationAt: at(activation),
        endsAt: close,
        endedAt: at(close.getTime() + rng.int(1, 30) * 1000),
      };
    }
  }
}

/** The status history of a user listing, ending in its current status. */
function lifecycle(row: NewProduct, sellerId: number, adminId: number): PlannedStatusChange[] {
  const created = row.createdAt as Date;
  const changes: PlannedStatusChange[] = [
    { fromStatus: null, toStatus: "awaiting_payment", createdAt: created, actorId: sellerId },
  ];
  const status = row.status!;
  if (status === "awaiting_payment") return changes;
  if (status === "expired") {
    changes.push({
      fromStatus: "awaiting_payment",
      toStatus: "expired",
      createdAt: new Date(created.getTime() + 7 * DAY),
      actorId: null,
    });
    return changes;
  }
  const activation = row.activationAt as Date;
  const paid = new Date(Math.min(activation.getTime(), created.getTime() + 30 * MINUTE));
  if (status === "scheduled") {
    changes.push({ fromStatus: "awaiting_payment", toStatus: "scheduled", createdAt: paid, actorId: null });
    return changes;
  }
  changes.push({ fromStatus: "awaiting_payment", toStatus: "active", createdAt: activation, actorId: null });
  if (status === "active") return changes;
  const ended = (row.endedAt as Date | null) ?? (row.endsAt as Date);
  if (status === "cancelled")
    changes.push({ fromStatus: "active", toStatus: "cancelled", createdAt: ended, actorId: adminId });
  else if (status === "ended")
    changes.push({ fromStatus: "active", toStatus: "ended", createdAt: ended, actorId: null });
  else if (status === "sold")
    // An auction is sold by its close (no actor); a classified by its seller marking it sold.
    changes.push({
      fromStatus: "active",
      toStatus: "sold",
      createdAt: ended,
      actorId: row.format === "auction" ? null : sellerId,
    });
  return changes;
}
