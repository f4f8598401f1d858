import { screen, waitFor, within } from "@testing-library/react";
import { type ComponentProps, useState } from "react";
import { Form } from "react-router";
import { describe, expect, test } from "vitest";
import { recordingAction, renderRoute } from "#app/test/render-route.tsx";
import { CheckboxTree } from "#app/ui/checkbox-tree.tsx";

type TreeProps = ComponentProps<typeof CheckboxTree>;
type Node = TreeProps["categories"][number];

const node = (id: number, name: string, subcategories: Node[] = []): Node => ({ id, name, subcategories });

/** Five levels under "Alkohol"; the selector shows four. */
const CATEGORIES: Node[] = [
  node(1, "Alkohol", [
    node(2, "Rum", [
      node(21, "Jamajka", [node(211, "Hampden", [node(2111, "Hampden Estate 8 let")])]),
      node(22, "Venezuela"),
    ]),
    node(3, "Whisky", [node(31, "Skotsko")]),
  ]),
  node(5, "Tabák", [node(51, "Doutníky")]),
];

type PageData = { selected: number[]; mode?: TreeProps["mode"] };

/** The account's newsletter page around the tree: the ticked ids go with the form as hidden fields. */
function NewslettersPage({ loaderData }: { loaderData: PageData }) {
  const [selected, setSelected] = useState(loaderData.selected);
  return (
    <Form method="post">
      {selected.map((id) => (
        <input key={id} type="hidden" name="selectedCategories" value={id} />
      ))}
      <CheckboxTree
        categories={CATEGORIES}
        selected={selected}
        onChange={setSelected}
        mode={loaderData.mode}
        columns={6}
        label="Kategorie newsletteru"
      />
      <button type="submit">Uložit</button>
    </Form>
  );
}

function renderTree(page: Partial<PageData> = {}) {
  const data: PageData = { selected: [], ...page };
  const recorder = recordingAction(() => ({ ok: true }));
  const view = renderRoute(
    {
      id: "newsletters",
      path: "/ucet/newslettery",
      loader: () => data,
      action: recorder.action,
      Component: NewslettersPage,
    },
    { url: "/ucet/newslettery", user: {}, loaderData: { newsletters: data } },
  );
  return { ...view, recorder };
}

const box = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name });
/** The names of the ticked boxes, in page order. */
const ticked = () =>
  screen
    .getAllByRole<HTMLInputElement>("checkbox")
    .filter((input) => input.checked)
    .map((input) => input.labels?.[0]?.textContent);
const partly = () =>
  screen
    .getAllByRole<HTMLInputElement>("checkbox")
    .filter((input) => input.indeterminate)
    .map((input) => input.labels?.[0]?.textContent);

describe("CheckboxTree", () => {
  test("shows four levels, each top category as its own group, nothing ticked", () => {
    renderTree();
    const tree = screen.getByRole("group", { name: "Kategorie newsletteru" });
    expect(within(tree).getByRole("region", { name: "Alkohol" })).toBeTruthy();
    expect(within(tree).getByRole("region", { name: "Tabák" })).toBeTruthy();
    const levels = screen.getAllByRole("checkbox").map((input) => input.getAttribute("data-level"));
    // Alkohol, Rum, Jamajka, Hampden, Venezuela, Whisky, Skotsko, Tabák, Doutníky.
    expect(levels).toEqual(["1", "2", "3", "4", "3", "2", "3", "1", "2"]);
    expect(screen.queryByRole("checkbox", { name: "Hampden Estate 8 let" })).toBeNull();
    expect(ticked()).toEqual([]);
  });

  test("ticking a category ticks everything below it; its parent shows partly ticked", async () => {
    const { user } = renderTree();
    await user.click(box("Rum"));
    expect(ticked()).toEqual(["Rum", "Jamajka", "Hampden", "Venezuela"]);
    expect(partly()).toEqual(["Alkohol"]);
    expect(box("Whisky").checked).toBe(false);
  });

  test("unticking a category clears everything below it and leaves its parent as it was", async () => {
    const { user } = renderTree();
    await user.click(box("Alkohol"));
    expect(ticked()).toEqual(["Alkohol", "Rum", "Jamajka", "Hampden", "Venezuela", "Whisky", "Skotsko"]);

    await user.click(box("Rum"));
    expect(ticked()).toEqual(["Alkohol", "Whisky", "Skotsko"]);
    expect(box("Tabák").checked).toBe(false);
  });

  test("a category deep down makes every category above it partly ticked", async () => {
    const { user } = renderTree();
    await user.click(box("Hampden"));
    expect(ticked()).toEqual(["Hampden"]);
    expect(partly()).toEqual(["Alkohol", "Rum", "Jamajka"]);

    await user.click(box("Hampden"));
    expect(ticked()).toEqual([]);
    expect(partly()).toEqual([]);
  });

  test("the ticked categories are posted with the form, in order", async () => {
    const { user, recorder } = renderTree();
    await user.click(box("Tabák"));
    await user.click(box("Jamajka"));
    await user.click(screen.getByRole("button", { name: "Uložit" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ selectedCategories: ["5", "21", "51", "211"] });
  });

  test("a stored choice shows ticked, and one deeper than shown is kept when saving", async () => {
    const { user, recorder } = renderTree({ selected: [3, 31, 2111] });
    expect(ticked()).toEqual(["Whisky", "Skotsko"]);
    expect(partly()).toEqual(["Alkohol"]);

    await user.click(box("Whisky"));
    await user.click(screen.getByRole("button", { name: "Uložit" }));
    await waitFor(() => expect(recorder.posts).toHaveLength(1));
    expect(recorder.last()).toEqual({ selectedCategories: "2111" });
  });

  test("in check-up mode ticking a category ticks its ancestors instead", async () => {
    const { user } = renderTree({ mode: "up" });
    await user.click(box("Hampden"));
    expect(ticked()).toEqual(["Alkohol", "Rum", "Jamajka", "Hampden"]);

    // Unticking clears the category and what is below it; the ancestors stay.
    await user.click(box("Rum"));
    expect(ticked()).toEqual(["Alkohol"]);
  });
});
