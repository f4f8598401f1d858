import type { DeliveryOption } from "#core/schemas/delivery.ts";

/**
 * A listing's deal terms as the module hands them out and takes them in (issue 35, ADR 0075): the
 * classified's opt-in to payment through the site and the delivery options (at least one, each
 * carrier once: `deliveryOptionsSchema`).
 */
export type DealTerms = {
  paysThroughSite: boolean;
  deliveryOptions: DeliveryOption[];
};
