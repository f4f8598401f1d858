import type { MessageKey } from "../i18n/index.ts";
import type { Carrier, DeliveryOption, ShippingOption } from "../schemas/delivery.ts";

/**
 * Delivery of a deal as pure rules (docs/product/deals.md, "Delivery"): the cheapest delivery the
 * all-in total counts, and each carrier's public tracking page.
 */

/**
 * The delivery the all-in total counts ("celkem s doručením a ochranou kupujícího"): the cheapest
 * shipping to the Czech Republic. Pickup is not shipping: it counts (as 0) only when the listing
 * ships nowhere, since a collector in Ostrava cannot fetch a bottle in Cheb and a total built on a
 * pickup he cannot use would understate what he pays. Null for no options at all (the schema never
 * lets that through; a caller shows no total then).
 */
export function cheapestDeliveryMinor(options: readonly DeliveryOption[]): number | null {
  const option = cheapestDeliveryOption(options);
  if (option === null) return null;
  return option.carrier === "pickup" ? 0 : option.priceMinor;
}

/** The option the all-in total counts: the cheapest shipping (the first of equals), else pickup. */
export function cheapestDeliveryOption(options: readonly DeliveryOption[]): DeliveryOption | null {
  let cheapest: ShippingOption | null = null;
  for (const option of options) {
    if (option.carrier !== "pickup" && (cheapest === null || option.priceMinor < cheapest.priceMinor))
      cheapest = option;
  }
  return cheapest ?? options.find((option) => option.carrier === "pickup") ?? null;
}

/** What carriers print as a parcel number: letters, digits, spaces and dashes (trim it first). */
const TRACKING = /^[A-Za-z0-9 -]{4,40}$/;

/** Whether a trimmed parcel number looks like one (the seller's shipment, the buyer's return). */
export const isTrackingNumber = (number: string) => TRACKING.test(number);

const TRACKING_PAGES: Record<Carrier, (number: string) => string> = {
  zasilkovna: (number) => `https://tracking.packeta.com/cs/?id=${number}`,
  ppl: (number) => `https://www.ppl.cz/vyhledat-zasilku?shipmentId=${number}`,
  ceska_posta: (number) => `https://www.postaonline.cz/trackandtrace/-/zasilka/cislo?parcelNumbers=${number}`,
  dpd: (number) => `https://tracking.dpd.de/status/cs_CZ/parcel/${number}`,
  gls: (number) => `https://gls-group.com/CZ/cs/sledovani-zasilek?match=${number}`,
};

/**
 * The carrier's public tracking page for a parcel, the number trimmed and URL-encoded (a seller may
 * paste it with spaces or a slash). Null for an empty number.
 */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  if (number === "") return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}

/** The message key of a delivery option's name: "Zásilkovna", "Česká pošta", "Osobní odběr"... */
export function deliveryNameKey(carrier: DeliveryOption["carrier"]): MessageKey {
  return `deals.carriers.${carrier}`;
}
