import { screen, waitFor } from "@testing-library/react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { describe, expect, test } from "vitest";
import { ListingFormFields } from "#app/features/listings/listing-form.tsx";
import { recordingAction, renderRoute, textOf } from "#app/test/render-route.tsx";
import type { Locale } from "#core/i18n/index.ts";
import { translate } from "#core/i18n/index.ts";
import { parseCrowns } from "#core/money/crowns-input.ts";
import { buyNowFieldProblem } from "#core/rules/buy-now.ts";

/**
 * The listing form's buy-it-now price (issue 39, item 4; docs/product/auctions.md, "Buy it now"):
 * offered for an auction only; a price under the start price plus the operator's percentage, or
 * under the seller's own reserve, comes back at the field in the page's language, and whatever the
 * seller typed stays. The page's action is stood in for by the rule the server checks with
 * (core/rules/buy-now.ts) and the texts it translates, with the operator's setting at 20 %.
 */

type Props = ComponentProps<typeof ListingFormFields>;
type Values = Props["values"];

const ADD = "/ucet/vase-aukce/pridat";
const SETTING = { minAbovePercent: 20 };

const OPTIONS: Props["options"] = {
  categories: [{ id: 1, name: "Alkohol", subcategories: [{ id: 11, name: "Rum", depth: 2 }] }],
  packages: [{ id: 2, name: "Láhev 0,7 l" }],
  brands: [],
};

const EMPTY: Values = {
  type: "supply",
  category: "",
  subcategory: "",
  brand: "",
  package: "",
  name: "",
  priceMode: "price",
  price: "",
  reservePrice: "",
  buyNowPrice: "",
  description: "",
  images: [],
  activation: "now",
  activationLocal: "",
  duration: "week",
  attributes: {},
};

type Answer = { values: Values; errors: Props["errors"] };

/** The posted values back, with the buy-it-now price's problem as the server words it. */
function answer(form: FormData, locale: Locale): Answer {
  const values = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Values)[])
    if (key !== "images" && key !== "attributes") values[key] = String(form.get(key) ?? "");
  const minor = (value: string) => {
    const parsed = parseCrowns(value);
    return typeof parsed === "number" ? parsed : null;
  };
  const problem = buyNowFieldProblem(
    {
      buyNowPriceMinor: minor(values.buyNowPrice),
      startPriceMinor: minor(values.price),
      reservePriceMinor: minor(values.reservePrice),
    },
    SETTING,
    locale,
  );
  return {
    values,
    errors: problem ? { buyNowPrice: [translate(locale, problem.key, problem.values)] } : {},
  };
}

function ListingPage({ actionData }: { actionData?: Answer }) {
  return (
    <Form method="post" noValidate key={actionData ? JSON.stringify(actionData.values) : "new"}>
      <ListingFormFields
        options={OPTIONS}
        values={actionData?.values ?? EMPTY}
        images={[]}
        errors={actionData?.errors ?? {}}
        locks={{ afterBid: false, released: false }}
        lockedImages={[]}
        minActivation="2031-06-20T10:00"
        uploadUrl="/api/me/advertisements/images"
      />
      <button type="submit" name="intent" value="preview">
        {actionData ? "Odeslat znovu" : "Zobrazit náhled"}
      </button>
    </Form>
  );
}

function renderForm(locale: Locale = "cs") {
  const path = locale === "en" ? "/en/account/your-auctions/add" : ADD;
  const recorder = recordingAction((form) => answer(form, locale));
  const route = { id: "listing", path, action: recorder.action, Component: ListingPage };
  return { ...renderRoute(route, { url: path, user: {}, locale }), recorder };
}

const field = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const choice = (label: string) =>
  screen.getByRole<HTMLInputElement>("radio", { name: new RegExp(`^${label}`) });
/** The field's own error (the last of the texts that describe it). */
function errorOf(input: HTMLElement) {
  const id = input.getAttribute("aria-describedby")?.split(" ").at(-1) ?? "";
  return textOf(document.getElementById(id));
}

describe("the listing form's buy-it-now price", () => {
  test("is offered for an auction only, beside the reserve", async () => {
    const { user } = renderForm();
    expect(screen.getByLabelText("Cena „Kup hned“ (Kč, nepovinné)")).toBe(field("field-buy-now"));
    expect(screen.getByText(/Kupující může aukci ukončit a koupit položku hned za tuto cenu/)).toBeTruthy();

    await user.click(choice("Pevná cena \\(inzerát\\)"));
    expect(screen.queryByTestId("field-buy-now")).toBeNull();
    await user.click(choice("Cena dohodou"));
    expect(screen.queryByTestId("field-buy-now")).toBeNull();
    await user.click(choice("Aukce od vyvolávací ceny"));
    expect(field("field-buy-now")).toBeTruthy();
    // A wanted ad has no auction, so no buy-it-now either.
    await user.click(choice("Poptávám"));
    expect(screen.queryByTestId("field-buy-now")).toBeNull();
    expect(screen.queryByTestId("field-reserve")).toBeNull();
  });

  test("under the start price plus the percentage it is refused with the lowest price, and what was typed stays", async () => {
    const { user, recorder } = renderForm();
    await user.type(field("field-name"), "Caroni 1996");
    await user.type(field("field-description"), "Původní balení.");
    await user.type(field("field-price"), "1 000");
    await user.type(field("field-buy-now"), "1150");
    await user.click(screen.getByRole("button", { name: "Zobrazit náhled" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toMatchObject({ price: "1 000", buyNowPrice: "1150" });

    const buyNow = await waitFor(() => {
      const input = field("field-buy-now");
      expect(input.getAttribute("aria-invalid")).toBe("true");
      return input;
    });
    expect(errorOf(buyNow)).toBe("Cena „Kup hned“ musí být alespoň 1 200,00 Kč (vyvolávací cena + 20 %).");
    expect(buyNow.value).toBe("1150");
    expect(field("field-price").value).toBe("1 000");
    expect(field("field-price").getAttribute("aria-invalid")).toBeNull();
    expect(field("field-name").value).toBe("Caroni 1996");
    expect(screen.getByTestId<HTMLTextAreaElement>("field-description").value).toBe("Původní balení.");
    expect(choice("Aukce od vyvolávací ceny").checked).toBe(true);

    // The lowest price itself is accepted.
    await user.clear(buyNow);
    await user.type(field("field-buy-now"), "1200");
    await user.click(screen.getByRole("button", { name: "Odeslat znovu" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(2));
    await waitFor(() => expect(field("field-buy-now").getAttribute("aria-invalid")).toBeNull());
    expect(field("field-buy-now").value).toBe("1200");
  });

  test("under the seller's reserve it is refused, and the reserve stays as typed", async () => {
    const { user } = renderForm();
    await user.type(field("field-price"), "1000");
    await user.type(field("field-reserve"), "2 000");
    await user.type(field("field-buy-now"), "1500");
    await user.click(screen.getByRole("button", { name: "Zobrazit náhled" }));
    const buyNow = await waitFor(() => {
      const input = field("field-buy-now");
      expect(input.getAttribute("aria-invalid")).toBe("true");
      return input;
    });
    expect(errorOf(buyNow)).toBe("Cena „Kup hned“ nesmí být nižší než minimální cena.");
    expect(field("field-reserve").value).toBe("2 000");
    expect(field("field-reserve").getAttribute("aria-invalid")).toBeNull();
    expect(field("field-price").value).toBe("1000");
  });

  test("speaks English on an English page", async () => {
    const { user } = renderForm("en");
    expect(screen.getByLabelText("Buy-it-now price (CZK, optional)")).toBe(field("field-buy-now"));
    await user.type(field("field-price"), "1000");
    await user.type(field("field-buy-now"), "1000");
    await user.click(screen.getByRole("button", { name: "Zobrazit náhled" }));
    const buyNow = await waitFor(() => {
      const input = field("field-buy-now");
      expect(input.getAttribute("aria-invalid")).toBe("true");
      return input;
    });
    expect(errorOf(buyNow)).toMatch(
      /^The buy-it-now price must be at least .*1,200\.00.* \(the starting price \+ 20 %\)\.$/,
    );
    expect(field("field-price").value).toBe("1000");
  });
});
