import { describe, expect, test } from "vitest";
import { parseForm } from "#app/ui/forms/conform.ts";
import { BidFormSchema, BidInputSchema } from "#core/schemas/bid.ts";
import { isBidSubmission } from "./bid-answer.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** The bid form as the product page's action reads it (core/schemas/bid.ts through Conform). */
describe("the bid form's schema", () => {
  test("reads crowns as a person types them: '1.500' is 1 500 Kč, not 1,50 Kč", () => {
    for (const [typed, minor] of [
      ["1.500", 150_000],
      ["1 500", 150_000],
      ["1500", 150_000],
      ["1 500,50 Kč", 150_050],
      ["1500,5", 150_050],
    ] as const) {
      const submission = parseForm(form({ intent: "bid", amount: typed, max: "" }), BidFormSchema, "cs");
      expect(submission.status, typed).toBe("success");
      if (submission.status === "success") expect(submission.value.amount, typed).toBe(minor);
    }
  });

  test("an empty maximum is none; a typed one is read the same way; confirmation is kept", () => {
    const plain = parseForm(form({ intent: "bid", amount: "1050", max: "" }), BidFormSchema, "cs");
    expect(plain.status === "success" && plain.value).toEqual({ intent: "bid", amount: 105_000, max: null });
    const confirmed = parseForm(
      form({ intent: "bid", confirmed: "1", amount: "1050", max: "2.000" }),
      BidFormSchema,
      "cs",
    );
    expect(confirmed.status === "success" && confirmed.value).toEqual({
      intent: "bid",
      confirmed: "1",
      amount: 105_000,
      max: 200_000,
    });
  });

  test("no amount, words, a sign or three decimals are refused at their field, in the page's language", () => {
    for (const amount of ["", "abc", "-5", "1,505", "0"]) {
      const submission = parseForm(form({ intent: "bid", amount, max: "x" }), BidFormSchema, "cs");
      expect(submission.status, amount).toBe("error");
      expect(submission.reply().error, amount).toEqual({
        amount: ["Zadejte částku v celých korunách."],
        max: ["Zadejte částku v celých korunách."],
      });
    }
    const english = parseForm(form({ intent: "bid", amount: "abc" }), BidFormSchema, "en");
    expect(english.reply().error).toEqual({ amount: ["Enter an amount in whole crowns."] });
  });

  test("the API takes the same bounds in minor units", () => {
    expect(BidInputSchema.safeParse({ amount: 150_000, max: null }).success).toBe(true);
    expect(BidInputSchema.safeParse({ amount: 0 }).success).toBe(false);
    expect(BidInputSchema.safeParse({ amount: 10_000_000_001 }).success).toBe(false);
  });

  test("a submission is the bid form's by its intent", () => {
    expect(isBidSubmission(form({ intent: "bid", amount: "1" }))).toBe(true);
    expect(isBidSubmission(form({ intent: "watch" }))).toBe(false);
    expect(isBidSubmission(undefined)).toBe(false);
  });
});
