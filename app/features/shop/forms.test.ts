import { describe, expect, test } from "vitest";
import { parseForm } from "#app/ui/forms/conform.ts";
import { DetailsStepSchema } from "#core/schemas/checkout.ts";
import { CartActionSchema } from "./forms.ts";

/** The checkout's forms as the pages send them, read through the app's Conform helper. */
function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const DETAILS = {
  email: "jana@rarita.test",
  phone: "+420 777 123 456",
  "invoice.name": "Jana Nováková",
  "invoice.street": "Vinohradská 12",
  "invoice.city": "Praha",
  "invoice.zip": "120 00",
  "invoice.countryCode": "CZ",
  // The company fields stay in the form (hidden) while "Nakupuji na firmu" is not ticked.
  "invoice.company": "",
  "invoice.companyId": "",
  "invoice.taxId": "",
  sameAddress: "on",
  "delivery.name": "",
  "delivery.countryCode": "CZ",
  note: "",
};

describe("the details form", () => {
  test("a private person's: the empty company fields of the unticked box ask for nothing", () => {
    const submission = parseForm(formData(DETAILS), DetailsStepSchema, "cs");
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value.invoice.company).toBeNull();
      expect(submission.value.delivery).toBeNull();
    }
  });

  test("a company's: the name and the IČO are asked for, the IČO by its check digit", () => {
    const submission = parseForm(
      formData({ ...DETAILS, "invoice.isCompany": "on", "invoice.companyId": "12345678" }),
      DetailsStepSchema,
      "cs",
    );
    expect(submission.status).toBe("error");
    expect(Object.keys(submission.reply().error ?? {}).sort()).toEqual([
      "invoice.company",
      "invoice.companyId",
    ]);
  });

  test("another delivery address ('off') must be filled in", () => {
    const submission = parseForm(formData({ ...DETAILS, sameAddress: "off" }), DetailsStepSchema, "cs");
    expect(submission.reply().error?.["delivery.street"]).toEqual(["Pole musí být vyplněno"]);
  });
});

describe("the cart's forms", () => {
  test("each button names its form: pieces, voucher, its removal, the confirmed prices", () => {
    const parse = (fields: Record<string, string>) => parseForm(formData(fields), CartActionSchema, "cs");
    expect(parse({ intent: "quantity", productId: "5", quantity: "0" }).status).toBe("success");
    expect(parse({ intent: "voucher", code: "VITEJTE10" }).status).toBe("success");
    expect(parse({ intent: "removeVoucher" }).status).toBe("success");
    expect(parse({ intent: "confirmPrices" }).status).toBe("success");
    expect(parse({ intent: "voucher", code: "ab cd" }).reply().error?.code).toEqual([
      "Kód poukazu obsahuje jen písmena, číslice, pomlčky a podtržítka.",
    ]);
  });
});
