import { describe, expect, it } from "vitest";
import { textsPartOf } from "./texts-part.ts";

describe("textsPartOf", () => {
  it("gives the back office's pages their texts and every other page the site's", () => {
    expect(textsPartOf("/admin")).toBe("admin");
    expect(textsPartOf("/admin/katalog/inzeraty")).toBe("admin");
    expect(textsPartOf("/en/admin/catalog")).toBe("admin");
    expect(textsPartOf("/administrace-neni")).toBe("site");
    expect(textsPartOf("/2/rum")).toBe("site");
    expect(textsPartOf("/en/2/rum")).toBe("site");
  });
});
