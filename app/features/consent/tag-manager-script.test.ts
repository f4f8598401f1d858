import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { consentDefaults } from "#app/lib/consent.ts";
import { isTagManagerId, TAG_MANAGER_SRC, tagManagerBootstrap } from "./tag-manager-script.ts";

/** Runs the inline script in a fake window and returns what it pushed and which scripts it added. */
function run(source: string) {
  const added: { src: string; async: boolean }[] = [];
  const window: Record<string, unknown> = {};
  const document = {
    createElement: () => ({ async: false, src: "" }),
    head: { appendChild: (node: { src: string; async: boolean }) => added.push(node) },
  };
  window.window = window;
  vm.runInNewContext(source, { window, document });
  const entries = (window.dataLayer as unknown[]).map((entry) =>
    Array.isArray(entry) || (entry && typeof entry === "object" && "length" in entry)
      ? Array.from(entry as ArrayLike<unknown>)
      : entry,
  );
  return { entries, added, window };
}

describe("tagManagerBootstrap", () => {
  it("pushes the consent default from the stored cookies before anything else", () => {
    const defaults = consentDefaults({ "accept-technical": "true", "accept-analytical": "true" });
    const { entries, added } = run(tagManagerBootstrap(defaults, null));
    expect(entries).toEqual([
      [
        "consent",
        "default",
        {
          analytics_storage: "granted",
          ad_storage: "denied",
          personalization_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
          functionality_storage: "granted",
          security_storage: "granted",
          wait_for_update: 500,
        },
      ],
    ]);
    // No tag manager id configured: nothing is loaded.
    expect(added).toEqual([]);
  });

  it("loads the tag manager after the consent default when an id is configured", () => {
    const { entries, added } = run(tagManagerBootstrap(consentDefaults({}), "GTM-AB12CD"));
    expect(entries[0]).toEqual([
      "consent",
      "default",
      expect.objectContaining({ analytics_storage: "denied" }),
    ]);
    expect(entries[1]).toEqual({ "gtm.start": expect.any(Number), event: "gtm.js" });
    expect(added).toEqual([{ async: true, src: `${TAG_MANAGER_SRC}?id=GTM-AB12CD` }]);
  });

  it("runs once per page even when the script is executed twice", () => {
    const source = tagManagerBootstrap(consentDefaults({}), "GTM-AB12CD");
    const { window } = run(source);
    vm.runInNewContext(source, {
      window,
      document: { createElement: () => ({}), head: { appendChild() {} } },
    });
    expect((window.dataLayer as unknown[]).length).toBe(2);
  });

  it("refuses ids that are not GTM ids and cannot break out of the script", () => {
    expect(isTagManagerId("GTM-AB12CD")).toBe(true);
    expect(isTagManagerId("GTM-x'</script><script>alert(1)")).toBe(false);
    expect(isTagManagerId("")).toBe(false);
    expect(isTagManagerId(null)).toBe(false);
    const source = tagManagerBootstrap(consentDefaults({}), "GTM-x'</script>");
    expect(source).not.toContain("</script>");
    expect(source).not.toContain("googletagmanager");
  });
});
