import { describe, expect, it } from "vitest";
import { readPaymentRequestForm } from "./payment-request.ts";

/** The seller's payment request form as typed: the price and one delivery, or each field's problem. */
describe("readPaymentRequestForm", () => {
  const form = { price: "1 500", carrier: "zasilkovna", deliveryPrice: "89", pickupTown: "" };

  it("reads a price with a carrier and its price in crowns", () => {
    expect(readPaymentRequestForm(form)).toEqual({
      ok: true,
      priceMinor: 150_000,
      delivery: { carrier: "zasilkovna", priceMinor: 8_900 },
    });
  });

  it("reads personal pickup with its town, ignoring a delivery price", () => {
    expect(readPaymentRequestForm({ ...form, carrier: "pickup", pickupTown: " Brno " })).toEqual({
      ok: true,
      priceMinor: 150_000,
      delivery: { carrier: "pickup", town: "Brno" },
    });
  });

  it("names each field's problem", () => {
    expect(
      readPaymentRequestForm({ price: "0", carrier: "ppl", deliveryPrice: "3000", pickupTown: "" }),
    ).toEqual({
      ok: false,
      errors: {
        price: "paymentRequests.errors.price",
        deliveryPrice: "paymentRequests.errors.deliveryPrice",
      },
    });
    expect(readPaymentRequestForm({ ...form, price: "abc", carrier: "pickup" })).toEqual({
      ok: false,
      errors: { price: "paymentRequests.errors.price", pickupTown: "paymentRequests.errors.pickupTown" },
    });
    expect(readPaymentRequestForm({ ...form, carrier: "drone" })).toEqual({
      ok: false,
      errors: { carrier: "paymentRequests.errors.carrier" },
    });
  });
});
