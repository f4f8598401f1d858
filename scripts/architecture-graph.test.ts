import { describe, expect, it } from "vitest";
import { moduleCycles } from "./architecture-graph.ts";

/** A cruised file with its imports, as dependency-cruiser's JSON gives them. */
const file = (source: string, ...imports: string[]) => ({
  source,
  dependencies: imports.map((resolved) => ({ resolved, dependencyTypes: ["import"], valid: true })),
});

describe("module cycles", () => {
  it("lets a table point at another module's keys while that module calls the first", () => {
    const modules = [
      file("server/modules/listings/mark-sold.ts", "server/modules/messages/index.ts"),
      file("server/modules/messages/index.ts"),
      file("server/modules/messages/tables.ts", "server/modules/listings/keys.ts"),
      file("server/modules/listings/keys.ts"),
    ];
    expect(moduleCycles(modules)).toEqual([]);
  });

  it("names two modules that call each other", () => {
    const modules = [
      file("server/modules/listings/mark-sold.ts", "server/modules/messages/index.ts"),
      file("server/modules/messages/inbox.ts", "server/modules/listings/index.ts"),
      file("server/modules/messages/index.ts"),
      file("server/modules/listings/index.ts"),
    ];
    expect(moduleCycles(modules)).toEqual([["listings", "messages", "listings"]]);
  });
});
