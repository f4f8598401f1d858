import { afterEach, describe, expect, it } from "vitest";
import { listingOnPage } from "./recent.ts";

/** A page whose structured data is `product`, as the product page writes it (app/ui/seo/json-ld.ts). */
function pageWith(product: object) {
  const script = document.createElement("script");
  script.type = "application/ld+json";
  script.textContent = JSON.stringify({ "@context": "https://schema.org", ...product });
  document.head.append(script);
}

afterEach(() => {
  document.head.innerHTML = "";
});

describe("the listing a page shows, kept for the offline page", () => {
  it("keeps a fixed price as the structured data gives it", () => {
    pageWith({
      "@type": "Product",
      name: "Zacapa 23",
      url: "https://rarita.test/12/zacapa-23",
      offers: { "@type": "Offer", price: "1500.00", priceCurrency: "CZK" },
    });
    expect(listingOnPage(document)).toMatchObject({
      url: "/12/zacapa-23",
      name: "Zacapa 23",
      price: "1500.00 CZK",
    });
  });

  it("keeps an auction's leading price when it has bids (an AggregateOffer has no single price)", () => {
    pageWith({
      "@type": "Product",
      name: "Macallan 18",
      url: "https://rarita.test/13/macallan-18",
      offers: {
        "@type": "AggregateOffer",
        lowPrice: "5000.00",
        highPrice: "7200.00",
        priceCurrency: "CZK",
        offerCount: 4,
      },
    });
    expect(listingOnPage(document)?.price).toBe("7200.00 CZK");
  });

  it("keeps no price for a listing without an offer (by agreement, a demand ad)", () => {
    pageWith({ "@type": "Product", name: "Hledám Port Ellen", url: "https://rarita.test/14/port-ellen" });
    expect(listingOnPage(document)?.price).toBeNull();
  });
});
