import { screen, waitFor } from "@testing-library/react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { describe, expect, test } from "vitest";
import { FormErrorSummary, ListingFormFields } from "#app/features/listings/listing-form.tsx";
import {
  type RenderRouteOptions,
  recordingAction,
  renderRoute,
  renderRouteHydrated,
  textOf,
} from "#app/test/render-route.tsx";

type Props = ComponentProps<typeof ListingFormFields>;
type Values = Props["values"];

const ADD = "/ucet/vase-aukce/pridat";
const FIX_ERRORS = "Formulář obsahuje chyby. Opravte prosím označená pole.";

const OPTIONS: Props["options"] = {
  categories: [
    {
      id: 1,
      name: "Alkohol",
      subcategories: [
        { id: 11, name: "Rum › Latinská Amerika › Venezuela", depth: 3 },
        { id: 12, name: "Whisky › Skotsko", depth: 2 },
      ],
    },
    { id: 5, name: "Tabák", subcategories: [{ id: 51, name: "Doutníky", depth: 2 }] },
    { id: 9, name: "Ostatní", subcategories: [] },
  ],
  packages: [
    { id: 2, name: "Láhev 0,7 l" },
    { id: 3, name: "Láhev 1 l" },
  ],
  brands: ["Diplomático", "Hampden"],
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

/** The form's values as posted (what the add page's action hands back with a refused submit). */
function valuesFrom(form: FormData): Values {
  const values = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Values)[]) {
    if (key === "images") values.images = form.getAll("images").map(String);
    else if (key === "attributes") values.attributes = {};
    else values[key] = String(form.get(key) ?? "");
  }
  return values;
}

type PageData = Pick<Props, "locks" | "lockedImages" | "images"> & { values: Values };
type Answer = { values: Values; images: Props["images"]; errors: Props["errors"] };

/** The add or edit page around the fields: the error summary, the form and its button. */
function ListingPage({ loaderData, actionData }: { loaderData: PageData; actionData?: Answer }) {
  const errors = actionData?.errors ?? {};
  return (
    <>
      <FormErrorSummary show={Object.keys(errors).length > 0} message={FIX_ERRORS} />
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        key={actionData ? JSON.stringify(actionData.values) : "new"}
        data-testid="listing-form"
      >
        <ListingFormFields
          options={OPTIONS}
          values={actionData?.values ?? loaderData.values}
          images={actionData?.images ?? loaderData.images}
          errors={errors}
          locks={loaderData.locks}
          lockedImages={loaderData.lockedImages}
          minActivation="2031-06-20T10:00"
          uploadUrl="/api/me/advertisements/images"
        />
        <button type="submit" name="intent" value="preview">
          Zobrazit náhled
        </button>
      </Form>
    </>
  );
}

function listingRoute(page: Partial<PageData>, errors: Props["errors"] = {}) {
  const data: PageData = { values: EMPTY, images: [], ...page };
  const recorder = recordingAction(
    (form): Answer => ({ values: valuesFrom(form), images: data.images, errors }),
  );
  const route = {
    id: "listing",
    path: ADD,
    loader: () => data,
    action: recorder.action,
    Component: ListingPage,
  };
  return { route, data, recorder };
}

/** The add page with the listing form; the action answers with `errors` and the posted values. */
function renderListingForm(
  page: Partial<PageData> = {},
  { errors = {}, ...options }: RenderRouteOptions & { errors?: Props["errors"] } = {},
) {
  const { route, data, recorder } = listingRoute(page, errors);
  const view = renderRoute(route, { url: ADD, user: {}, ...options, loaderData: { listing: data } });
  return { ...view, recorder };
}

const field = <T extends HTMLElement = HTMLInputElement>(testId: string) => screen.getByTestId<T>(testId);
const radio = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
/** A radio card by its label (the hint below it is part of its name). */
const choice = (label: string) =>
  screen.getByRole<HTMLInputElement>("radio", { name: new RegExp(`^${label}`) });
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.text);

describe("ListingFormFields", () => {
  test("a new listing starts as an auction offer, with the auction's fields and a start right away", () => {
    renderListingForm();
    for (const title of ["Co nabízíte", "Položka", "Fotografie", "Cena a způsob prodeje", "Zahájení"])
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(radio("type-supply").checked).toBe(true);
    expect(radio("priceMode-price").checked).toBe(true);
    expect(choice("Aukce od vyvolávací ceny")).toBe(radio("priceMode-price"));
    expect(screen.getByLabelText("Vyvolávací cena (Kč) *")).toBe(field("field-price"));
    expect(screen.getByLabelText("Minimální cena (Kč, nepovinné)")).toBe(field("field-reserve"));
    expect(radio("duration-week").checked).toBe(true);
    expect(radio("activation-now").checked).toBe(true);
    expect(screen.queryByTestId("field-activation")).toBeNull();
    // The brand suggests the known ones.
    const list = document.getElementById(field("field-brand").getAttribute("list") ?? "");
    expect([...(list?.querySelectorAll("option") ?? [])].map((option) => option.value)).toEqual([
      "Diplomático",
      "Hampden",
    ]);
  });

  test("the subcategories follow the chosen category, and a new category starts the choice over", async () => {
    const { user } = renderListingForm();
    const category = field<HTMLSelectElement>("field-category");
    const subcategory = field<HTMLSelectElement>("field-subcategory");
    expect(subcategory.disabled).toBe(true);
    expect(optionTexts(subcategory)).toEqual(["Nejdřív vyberte kategorii"]);

    await user.selectOptions(category, "Alkohol");
    expect(subcategory.disabled).toBe(false);
    expect(optionTexts(subcategory)).toEqual([
      "Vyberte…",
      "Rum › Latinská Amerika › Venezuela",
      "Whisky › Skotsko",
    ]);
    await user.selectOptions(subcategory, "Whisky › Skotsko");
    expect(subcategory.value).toBe("12");

    await user.selectOptions(category, "Tabák");
    expect(subcategory.value).toBe("");
    expect(optionTexts(subcategory)).toEqual(["Vyberte…", "Doutníky"]);

    // A category without subcategories has nothing to choose.
    await user.selectOptions(category, "Ostatní");
    expect(subcategory.disabled).toBe(true);

    // Back in the first category, the earlier subcategory is not chosen again by itself.
    await user.selectOptions(category, "Alkohol");
    expect(subcategory.value).toBe("");
  });

  test("a wanted ad has an optional offered price and no reserve or auction length", async () => {
    const { user } = renderListingForm();
    await user.click(choice("Poptávám"));
    expect(choice("Uvést cenu")).toBe(radio("priceMode-price"));
    expect(screen.getByLabelText("Nabízená cena (Kč)")).toBe(field("field-price"));
    expect(screen.getByText("Nepovinné; prázdné pole znamená dohodou.")).toBeTruthy();
    expect(screen.queryByTestId("field-reserve")).toBeNull();
    expect(screen.queryByRole("group", { name: "Délka aukce" })).toBeNull();
  });

  test("'Cena dohodou' takes away the price and the auction's length; the price comes back with it", async () => {
    const { user } = renderListingForm();
    await user.click(choice("Cena dohodou"));
    expect(screen.queryByTestId("field-price")).toBeNull();
    expect(screen.queryByTestId("field-reserve")).toBeNull();
    expect(screen.queryByTestId("duration-week")).toBeNull();

    await user.click(choice("Aukce od vyvolávací ceny"));
    expect(field("field-price")).toBeTruthy();
    expect(radio("duration-week").checked).toBe(true);
  });

  test("'Pevná cena (inzerát)' keeps the price as the classified's, without a reserve or a length", async () => {
    const { user } = renderListingForm();
    await user.click(choice("Pevná cena \\(inzerát\\)"));
    expect(screen.getByLabelText(/^Cena \(Kč\)/)).toBe(field("field-price"));
    expect(screen.queryByTestId("field-reserve")).toBeNull();
    expect(screen.queryByTestId("duration-week")).toBeNull();
    // A wanted ad has no fixed price of a classified to choose.
    await user.click(choice("Poptávám"));
    expect(screen.queryByTestId("priceMode-fixed")).toBeNull();
  });

  test("a scheduled start asks for the date and time, from the earliest allowed", async () => {
    const { user } = renderListingForm();
    await user.click(choice("Naplánovat"));
    const date = screen.getByLabelText<HTMLInputElement>("Datum a čas zahájení (pražský čas)");
    expect(date.type).toBe("datetime-local");
    expect(date.min).toBe("2031-06-20T10:00");
  });

  test("posts every field under the names the page's action reads, the photos in their order", async () => {
    const { user, recorder } = renderListingForm({
      images: [
        { ref: "31", url: "/img/320/31.webp" },
        { ref: "upl_abc", url: "/img/staged/upl_abc.webp" },
      ],
    });
    await user.selectOptions(field<HTMLSelectElement>("field-category"), "Alkohol");
    await user.selectOptions(
      field<HTMLSelectElement>("field-subcategory"),
      "Rum › Latinská Amerika › Venezuela",
    );
    await user.type(field("field-brand"), "DIPLOMATICO");
    await user.selectOptions(field<HTMLSelectElement>("field-package"), "Láhev 0,7 l");
    await user.type(field("field-name"), "Diplomático Reserva Exclusiva");
    await user.type(field("field-description"), "Původní balení.");
    await user.type(field("field-price"), "1 500");
    await user.type(field("field-reserve"), "2000");
    await user.click(choice("Měsíční"));
    // The staged photo becomes the main one.
    await user.click(screen.getByRole("button", { name: "Posunout fotografii 2 dopředu" }));
    await user.click(screen.getByRole("button", { name: "Zobrazit náhled" }));

    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    const posted = recorder.last();
    expect(posted).toMatchObject({
      intent: "preview",
      type: "supply",
      category: "1",
      subcategory: "11",
      brand: "DIPLOMATICO",
      package: "2",
      name: "Diplomático Reserva Exclusiva",
      description: "Původní balení.",
      priceMode: "price",
      price: "1 500",
      reservePrice: "2000",
      duration: "month",
      activation: "now",
      images: ["upl_abc", "31"],
    });
  });

  test("the server's refusals are shown at their fields and summed up above, and what was typed stays", async () => {
    const { user, recorder } = renderListingForm(
      {},
      {
        errors: {
          category: ["Vyberte prosím hodnotu."],
          price: ["Zadejte cenu v korunách, např. 1 500 nebo 1 500,50."],
          images: ["Přidejte prosím alespoň jeden obrázek."],
        },
      },
    );
    await user.type(field("field-name"), "Hampden 8 let");
    await user.type(field("field-price"), "tisíc");
    await user.click(screen.getByRole("button", { name: "Zobrazit náhled" }));

    const summary = await screen.findByTestId("form-errors");
    expect(textOf(summary)).toBe(FIX_ERRORS);
    expect(summary.getAttribute("role")).toBe("alert");
    // The summary takes focus in an effect after it is drawn: wait for that state.
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(recorder.posts).toHaveLength(1);

    const category = field<HTMLSelectElement>("field-category");
    expect(category.getAttribute("aria-invalid")).toBe("true");
    expect(textOf(document.getElementById(category.getAttribute("aria-describedby") ?? ""))).toBe(
      "Vyberte prosím hodnotu.",
    );
    const price = field("field-price");
    expect(price.value).toBe("tisíc");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    const priceError = price.getAttribute("aria-describedby")?.split(" ").at(-1) ?? "";
    expect(textOf(document.getElementById(priceError))).toBe(
      "Zadejte cenu v korunách, např. 1 500 nebo 1 500,50.",
    );
    expect(field("field-name").value).toBe("Hampden 8 let");
    expect(field("field-name").getAttribute("aria-invalid")).toBeNull();
    expect(textOf(screen.getByTestId("form-section-images"))).toContain(
      "Přidejte prosím alespoň jeden obrázek.",
    );
  });

  test("after the first bid only the description and new photos may change", () => {
    renderListingForm({
      values: { ...EMPTY, category: "1", subcategory: "11", package: "2", name: "Hampden", price: "900" },
      images: [{ ref: "31", url: "/img/320/31.webp" }],
      locks: { afterBid: true, released: false },
      lockedImages: ["31"],
    });
    for (const testId of [
      "field-category",
      "field-subcategory",
      "field-brand",
      "field-package",
      "field-name",
      "field-price",
      "field-reserve",
    ])
      expect(field(testId)).toHaveProperty("disabled", true);
    expect(field("field-description").hasAttribute("disabled")).toBe(false);
    expect(screen.getByRole("group", { name: "Cena" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("group", { name: "Délka aukce" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("group", { name: "Typ inzerátu" })).toHaveProperty("disabled", false);
    expect(screen.queryByRole("button", { name: "Odebrat fotografii 1" })).toBeNull();
    expect(screen.getByText("Po prvním příhozu fotografie nelze odebrat.")).toBeTruthy();
    // A disabled control posts nothing: its value travels hidden, so the browser's check sees it.
    const hidden = (name: string) =>
      document.querySelector<HTMLInputElement>(`input[type=hidden][name=${name}]`)?.value;
    expect([
      hidden("category"),
      hidden("subcategory"),
      hidden("package"),
      hidden("name"),
      hidden("price"),
    ]).toEqual(["1", "11", "2", "Hampden", "900"]);
  });

  test("once released, the type and the start stay as they were", () => {
    renderListingForm({
      values: { ...EMPTY, activation: "later", activationLocal: "2024-03-01T20:00" },
      locks: { afterBid: false, released: true },
    });
    expect(screen.getByRole("group", { name: "Typ inzerátu" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("group", { name: "Délka aukce" })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("group", { name: "Kdy inzerát zveřejnit" })).toBeNull();
    expect(textOf(screen.getByTestId("start-fixed"))).toBe("Zveřejněno 1. března 2024 v 20:00.");
    expect(field("field-price")).toHaveProperty("disabled", false);
  });

  test("before the scripts run every part and every subcategory is there; a category chosen then keeps its subcategories", async () => {
    const { route, data } = listingRoute({});
    await renderRouteHydrated(route, { url: ADD, user: {}, loaderData: { listing: data } }, (html) => {
      expect(html.querySelector("[data-hydrated]")).toBeNull();
      const subcategory = html.querySelector<HTMLSelectElement>("[data-testid=field-subcategory]")!;
      expect(subcategory.disabled).toBe(false);
      expect([...subcategory.querySelectorAll("optgroup")].map((group) => group.label)).toEqual([
        "Alkohol",
        "Tabák",
      ]);
      // Every part, whatever it applies to: the date of a scheduled start too.
      expect(html.querySelector("[data-testid=field-activation]")).not.toBeNull();
      // The seller picks a category before the scripts have run.
      html.querySelector<HTMLSelectElement>("[data-testid=field-category]")!.value = "5";
    });

    expect(document.querySelector("[data-hydrated]")).not.toBeNull();
    expect(field<HTMLSelectElement>("field-category").value).toBe("5");
    const subcategory = field<HTMLSelectElement>("field-subcategory");
    expect(subcategory.disabled).toBe(false);
    expect(optionTexts(subcategory)).toEqual(["Vyberte…", "Doutníky"]);
    expect(screen.queryByTestId("field-activation")).toBeNull();
  });

  test("speaks English on an English page", () => {
    renderListingForm({}, { locale: "en", url: ADD });
    expect(screen.getByRole("heading", { name: "What you offer" })).toBeTruthy();
    expect(choice("An auction from a starting price")).toBe(radio("priceMode-price"));
    expect(screen.getByLabelText("Starting price (CZK) *")).toBe(field("field-price"));
    expect(optionTexts(field<HTMLSelectElement>("field-subcategory"))).toEqual(["Choose a category first"]);
  });
});
