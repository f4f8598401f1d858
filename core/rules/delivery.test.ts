import { describe, expect, it } from "vitest";
import { translate } from "../i18n/index.ts";
import { CARRIERS, type DeliveryOption } from "../schemas/delivery.ts";
import { cheapestDeliveryMinor, cheapestDeliveryOption, deliveryNameKey, trackingUrl } from "./delivery.ts";

describe("the delivery the all-in total counts", () => {
  it("is the cheapest shipping, even when pickup is offered too", () => {
    const options: DeliveryOption[] = [
      { carrier: "ppl", priceMinor: 12_900 },
      { carrier: "pickup", town: "Brno" },
      { carrier: "zasilkovna", priceMinor: 8_900 },
      { carrier: "gls", priceMinor: 8_900 },
    ];
    expect(cheapestDeliveryMinor(options)).toBe(8_900);
    expect(cheapestDeliveryOption(options)).toEqual({ carrier: "zasilkovna", priceMinor: 8_900 });
  });

  it("is pickup (0) only when nothing ships, and free shipping counts as 0", () => {
    expect(cheapestDeliveryMinor([{ carrier: "pickup", town: "Cheb" }])).toBe(0);
    expect(cheapestDeliveryOption([{ carrier: "pickup", town: "Cheb" }])).toEqual({
      carrier: "pickup",
      town: "Cheb",
    });
    expect(
      cheapestDeliveryMinor([
        { carrier: "dpd", priceMinor: 0 },
        { carrier: "pickup", town: "Cheb" },
      ]),
    ).toBe(0);
    expect(cheapestDeliveryMinor([])).toBeNull();
    expect(cheapestDeliveryOption([])).toBeNull();
  });
});

describe("a tracking link", () => {
  it("points at each carrier's public tracking page", () => {
    expect(trackingUrl("zasilkovna", "Z 123 456 7890")).toBe(
      "https://tracking.packeta.com/cs/?id=Z%20123%20456%207890",
    );
    expect(trackingUrl("ppl", "40012345678")).toBe(
      "https://www.ppl.cz/vyhledat-zasilku?shipmentId=40012345678",
    );
    expect(trackingUrl("ceska_posta", " DR1234567890C ")).toBe(
      "https://www.postaonline.cz/trackandtrace/-/zasilka/cislo?parcelNumbers=DR1234567890C",
    );
    expect(trackingUrl("dpd", "13912345678901")).toBe(
      "https://tracking.dpd.de/status/cs_CZ/parcel/13912345678901",
    );
    expect(trackingUrl("gls", "12345678901")).toBe(
      "https://gls-group.com/CZ/cs/sledovani-zasilek?match=12345678901",
    );
  });

  it("encodes the number so it cannot leave its parameter, and gives none for an empty one", () => {
    for (const carrier of CARRIERS) {
      const url = new URL(trackingUrl(carrier, "1/2?x=3&y#4") ?? "");
      expect(url.protocol).toBe("https:");
      expect(url.hash).toBe("");
      expect(url.href).toContain("1%2F2%3Fx%3D3%26y%234");
      expect(trackingUrl(carrier, "   ")).toBeNull();
    }
  });
});

describe("a delivery option's name", () => {
  it("is said in both languages for every carrier and pickup", () => {
    expect(translate("cs", deliveryNameKey("ceska_posta"))).toBe("Česká pošta");
    expect(translate("en", deliveryNameKey("pickup"))).toBe("Personal pickup");
    for (const carrier of [...CARRIERS, "pickup"] as const)
      for (const locale of ["cs", "en"] as const)
        expect(translate(locale, deliveryNameKey(carrier))).not.toBe(deliveryNameKey(carrier));
  });
});
