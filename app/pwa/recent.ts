/**
 * The listings this browser viewed lately (issue 39, item 1; ADR 0110), for the offline page
 * (public/offline.js reads the same key): the product page's JSON-LD Product is what marks a
 * listing, so no page has to call this. Kept in localStorage, on this device only; public facts
 * only (name, address, picture, price as shown).
 */
export const RECENT_KEY = "rarita:recently-viewed";
const MAX = 12;

export type RecentListing = {
  url: string;
  name: string;
  image: string | null;
  price: string | null;
  at: number;
};

/** An Offer, or an auction's AggregateOffer (bids from the start price up to the leading one). */
type Offer = { price?: string | number; highPrice?: string | number; priceCurrency?: string };

type JsonLdNode = {
  "@type"?: string;
  name?: string;
  url?: string;
  image?: string | string[];
  offers?: Offer | Offer[];
  "@graph"?: JsonLdNode[];
};

function productOf(node: JsonLdNode | JsonLdNode[] | null): JsonLdNode | null {
  if (!node) return null;
  if (Array.isArray(node)) return node.map(productOf).find(Boolean) ?? null;
  if (node["@type"] === "Product") return node;
  return node["@graph"] ? productOf(node["@graph"]) : null;
}

/**
 * The structured data's picture is the 1200 × 630 sharing variant (`/img/og/...`), which the page
 * itself never loads, so the service worker never has it: offline it would be a broken image. The
 * same picture as the page loaded it is kept instead (the smallest variant loaded, in the worker's
 * cache if it controlled the page), else the cards' width.
 */
function shownPicture(doc: Document, path: string): string {
  const og = /^\/img\/og\/(.+)$/.exec(path);
  if (!og) return path;
  let best: { width: number; path: string } | null = null;
  for (const image of doc.images) {
    if (!image.complete || !image.currentSrc) continue;
    const shown = /^\/img\/(\d+)\/(.+)$/.exec(new URL(image.currentSrc, doc.location.href).pathname);
    if (!shown || shown[2] !== og[1]) continue;
    const width = Number(shown[1]);
    if (!best || width < best.width) best = { width, path: shown[0] };
  }
  return best?.path ?? `/img/320/${og[1]}`;
}

/** The listing the current page shows, from its structured data; null on other pages. */
export function listingOnPage(doc: Document): RecentListing | null {
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    let product: JsonLdNode | null = null;
    try {
      product = productOf(JSON.parse(script.textContent ?? "null"));
    } catch {
      continue;
    }
    if (!product?.name || !product.url) continue;
    const url = new URL(product.url, doc.location.href);
    const image = Array.isArray(product.image) ? product.image[0] : product.image;
    const offer = Array.isArray(product.offers) ? product.offers[0] : product.offers;
    const currency = offer?.priceCurrency ?? "CZK";
    // An auction with bids shows its leading price (the AggregateOffer's highest), as its page did.
    const amount = offer?.price ?? offer?.highPrice;
    return {
      url: url.pathname,
      name: product.name,
      image: image ? shownPicture(doc, new URL(image, doc.location.href).pathname) : null,
      price: amount != null ? `${amount} ${currency}` : null,
      at: Date.now(),
    };
  }
  return null;
}

export function readRecent(storage: Storage): RecentListing[] {
  try {
    const list = JSON.parse(storage.getItem(RECENT_KEY) ?? "[]") as RecentListing[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Puts the listing first (once), keeping the newest few. */
export function remember(storage: Storage, listing: RecentListing): void {
  const list = [listing, ...readRecent(storage).filter((item) => item.url !== listing.url)].slice(0, MAX);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private mode): the offline page then shows fewer.
  }
}
