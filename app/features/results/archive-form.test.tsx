import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { renderRoute } from "#app/test/render-route.tsx";
import { parseResultsQuery } from "#core/schemas/results.ts";
import { ArchiveForm } from "./archive-form.tsx";

const CATEGORIES = [
  { id: 1, name: "Alkohol", depth: 0 },
  { id: 2, name: "Doutníky a tabák", depth: 0 },
];

function SpiritsForm() {
  return <ArchiveForm query={parseResultsQuery(new URLSearchParams())} categories={CATEGORIES} />;
}

function CigarsForm() {
  return (
    <ArchiveForm
      query={parseResultsQuery(new URLSearchParams("category=2"))}
      categories={CATEGORIES}
      fillFilter={false}
    />
  );
}

describe("the archive's filters", () => {
  test("offer a fill level where one can match", async () => {
    renderRoute({ id: "results", path: "/", Component: SpiritsForm });
    await screen.findByTestId("results-filters");
    expect(screen.getByLabelText("Výška hladiny")).toBeTruthy();
  });

  test("offer none for cigars, whose results have no fill level", async () => {
    renderRoute({ id: "results", path: "/", Component: CigarsForm });
    await screen.findByTestId("results-filters");
    expect(screen.queryByLabelText("Výška hladiny")).toBeNull();
    expect(screen.getByLabelText("Druh")).toBeTruthy();
  });
});
