import { describe, expect, it } from "vitest";
import { param, parseStripeForm, stringList, stringMap } from "./form.ts";

describe("Stripe's bracket form encoding", () => {
  it("nests objects and arrays as the stripe SDK writes them", () => {
    const body = parseStripeForm(
      new URLSearchParams([
        ["mode", "payment"],
        ["line_items[0][price_data][currency]", "czk"],
        ["line_items[0][price_data][unit_amount]", "125000"],
        ["line_items[0][price_data][product_data][name]", "Mince & známka"],
        ["line_items[0][quantity]", "1"],
        ["allowed_payment_method_types[0]", "card"],
        ["metadata[reference]", "deal:1"],
        ["expand[]", "payment_intent"],
        ["expand[]", "customer"],
      ]).toString(),
    );
    expect(body).toEqual({
      mode: "payment",
      line_items: [
        {
          price_data: { currency: "czk", unit_amount: "125000", product_data: { name: "Mince & známka" } },
          quantity: "1",
        },
      ],
      allowed_payment_method_types: ["card"],
      metadata: { reference: "deal:1" },
      expand: ["payment_intent", "customer"],
    });
    expect(param(body.line_items, 0, "price_data", "product_data", "name")).toBe("Mince & známka");
    expect(param(body, "line_items", 0, "nothing")).toBeUndefined();
    expect(stringList(body.allowed_payment_method_types)).toEqual(["card"]);
    expect(stringMap(body.metadata)).toEqual({ reference: "deal:1" });
  });

  it("never writes to an object's prototype", () => {
    const body = parseStripeForm(
      "__proto__[polluted]=yes&metadata[__proto__][x]=1&constructor[prototype][y]=2",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).y).toBeUndefined();
    expect(Object.keys(body)).toEqual(["metadata"]);
  });
});
