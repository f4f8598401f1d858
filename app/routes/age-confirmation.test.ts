import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../context.ts";
import { action } from "./age-confirmation.tsx";

/** The age gate's form answer without scripts: cookie, then back to a safe local page only. */
async function confirm(redirect: string | null, locale: "cs" | "en" = "cs") {
  const context = new RouterContextProvider();
  context.set(appContext, { locale } as never);
  const body = new URLSearchParams();
  if (redirect !== null) body.set("redirect", redirect);
  const request = new Request("http://localhost/potvrzeni-veku", { method: "POST", body });
  return (await action({ request, context, params: {} } as never)) as Response;
}

describe("POST /potvrzeni-veku", () => {
  it("stores age-confirmed for a year and returns to the page with its query", async () => {
    const response = await confirm("/produkty/akce?strana=2");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/produkty/akce?strana=2");
    expect(response.headers.get("set-cookie")).toBe(
      "age-confirmed=true; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("sends an outside, protocol-relative or missing target home, in the visitor's language", async () => {
    for (const target of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", null]) {
      expect((await confirm(target)).headers.get("location")).toBe("/");
    }
    expect((await confirm("//evil.example", "en")).headers.get("location")).toBe("/en");
  });
});
