import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ogImageSrc } from "#core/web/image-variants.ts";
import { absoluteUrl, type JsonLd, SITE_NAME } from "./meta.ts";

/**
 * schema.org structured data (JSON-LD) for the public pages: the operator (Organization), the site
 * with its search (WebSite), breadcrumbs, products with their offer, and blog articles. Prices are
 * always CZK, the stored currency, whatever the visitor's display currency.
 */

const CONTEXT = "https://schema.org";

/** CZK minor units as a schema.org price ("1890.00"). */
export function schemaPrice(minor: number): string {
  return (minor / 100).toFixed(2);
}

export type OrganizationContacts = {
  company?: unknown;
  email?: unknown;
  phone?: unknown;
  address?: unknown;
  ico?: unknown;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

export function organizationJsonLd(origin: string, contacts: OrganizationContacts = {}): JsonLd {
  const email = text(contacts.email);
  const phone = text(contacts.phone);
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": `${absoluteUrl(origin, "/")}#organization`,
    name: SITE_NAME,
    legalName: text(contacts.company),
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, "/favicon.ico"),
    email,
    telephone: phone,
    address: text(contacts.address),
    taxID: text(contacts.ico),
    contactPoint:
      email || phone
        ? {
            "@type": "ContactPoint",
            contactType: "customer service",
            email,
            telephone: phone,
            availableLanguage: ["cs", "en"],
          }
        : undefined,
  };
}

export function websiteJsonLd(origin: string, locale: Locale): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: SITE_NAME,
    url: absoluteUrl(origin, localePath("home", locale)),
    inLanguage: locale,
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${absoluteUrl(origin, localePath("search", locale))}?q={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}

export function breadcrumbJsonLd(origin: string, items: { name: string; path: string }[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

export type ProductLdInput = {
  id: number;
  name: string;
  description: string;
  path: string;
  images: string[];
  brand: string | null;
  categoryNames: string[];
  format: "auction" | "classified" | "shop";
  type: "supply" | "demand";
  status: string;
  priceMinor: number | null;
  stock: number;
  seller: { username: string; profilePath: string } | null;
  /** The structured attributes (issue 37): each an `additionalProperty` PropertyValue. */
  attributes?: {
    key: string;
    label: string;
    text: string;
    value: string | number | boolean;
    unit: string | null;
  }[];
  auction: {
    startPriceMinor: number;
    currentPriceMinor: number;
    bidCount: number;
    endsAt: string | null;
  } | null;
};

function availability(input: ProductLdInput): string {
  const base = "https://schema.org/";
  switch (input.status) {
    case "active":
      return base + (input.format === "shop" && input.stock <= 0 ? "OutOfStock" : "InStock");
    case "scheduled":
      return `${base}PreOrder`;
    case "sold":
      return `${base}SoldOut`;
    case "ended":
    case "cancelled":
      return `${base}Discontinued`;
    default:
      return `${base}OutOfStock`;
  }
}

/** UN/CEFACT codes of the attributes' units (core/contracts/listing-attributes.ts's UNIT_CODES). */
const UNIT_CODES: Record<string, { code: string; text: string }> = {
  years: { code: "ANN", text: "years" },
  abv: { code: "P1", text: "% ABV" },
  ml: { code: "MLT", text: "ml" },
  mm: { code: "MMT", text: "mm" },
  pieces: { code: "C62", text: "pieces" },
};

/** An attribute as schema.org's PropertyValue: its label, its raw value, its unit. */
function propertyValue(attribute: NonNullable<ProductLdInput["attributes"]>[number]): JsonLd {
  const unit = attribute.unit ? UNIT_CODES[attribute.unit] : undefined;
  return {
    "@type": "PropertyValue",
    propertyID: attribute.key,
    name: attribute.label,
    // Numbers and yes/no as they are; a text or a choice as the page writes it (its label).
    value: typeof attribute.value === "string" ? attribute.text : attribute.value,
    unitCode: unit?.code,
    unitText: unit?.text,
  };
}

/**
 * Product with its offer: a fixed price is an Offer; an auction with bids an AggregateOffer (the
 * bids are the offers: from the start price up to the leading one), without bids an Offer at the
 * start price ending with the auction. "By agreement" and demand ads carry no offer.
 */
export function productJsonLd(origin: string, input: ProductLdInput): JsonLd {
  const url = absoluteUrl(origin, input.path);
  const seller = input.seller
    ? { "@type": "Person", name: input.seller.username, url: absoluteUrl(origin, input.seller.profilePath) }
    : { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(origin, "/") };
  let offers: JsonLd | undefined;
  if (input.type === "supply") {
    const common = { url, priceCurrency: "CZK", availability: availability(input), seller };
    if (input.auction) {
      const ends = input.auction.endsAt ?? undefined;
      offers =
        input.auction.bidCount > 0
          ? {
              "@type": "AggregateOffer",
              ...common,
              lowPrice: schemaPrice(input.auction.startPriceMinor),
              highPrice: schemaPrice(input.auction.currentPriceMinor),
              offerCount: input.auction.bidCount,
              availabilityEnds: ends,
            }
          : {
              "@type": "Offer",
              ...common,
              price: schemaPrice(input.auction.startPriceMinor),
              availabilityEnds: ends,
            };
    } else if (input.priceMinor !== null) {
      offers = { "@type": "Offer", ...common, price: schemaPrice(input.priceMinor) };
    }
  }
  return {
    "@context": CONTEXT,
    "@type": "Product",
    "@id": `${url}#product`,
    name: input.name,
    description: input.description.slice(0, 5000) || input.name,
    sku: String(input.id),
    url,
    // The JPEG cards: search engines and shopping feeds do not all take SVG or WebP.
    image: input.images.map((image) => absoluteUrl(origin, ogImageSrc(image))),
    brand: input.brand ? { "@type": "Brand", name: input.brand } : undefined,
    category: input.categoryNames.join(" > ") || undefined,
    additionalProperty: input.attributes?.length ? input.attributes.map(propertyValue) : undefined,
    offers,
  };
}

export function articleJsonLd(
  origin: string,
  input: {
    title: string;
    description: string;
    path: string;
    image: string | null;
    authorName: string | null;
    publishedAt: string;
    updatedAt: string;
    locale: Locale;
  },
): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: input.title,
    description: input.description,
    url: absoluteUrl(origin, input.path),
    mainEntityOfPage: absoluteUrl(origin, input.path),
    image: input.image ? [absoluteUrl(origin, ogImageSrc(input.image))] : undefined,
    datePublished: input.publishedAt,
    dateModified: input.updatedAt,
    inLanguage: input.locale,
    author: input.authorName
      ? { "@type": "Person", name: input.authorName }
      : { "@type": "Organization", name: SITE_NAME },
    publisher: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl(origin, "/") },
  };
}

export function profileJsonLd(
  origin: string,
  input: {
    username: string;
    path: string;
    memberSince: string;
    ratingAverage: number | null;
    ratingCount: number;
  },
): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "ProfilePage",
    url: absoluteUrl(origin, input.path),
    dateCreated: input.memberSince,
    mainEntity: {
      "@type": "Person",
      name: input.username,
      identifier: input.username,
      url: absoluteUrl(origin, input.path),
    },
  };
}
