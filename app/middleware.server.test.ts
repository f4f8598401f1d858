import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "./context.ts";
import { named, rejectControlCharacters } from "./middleware.server.ts";

function run(name: string, url: string, user: object | null) {
  const context = new RouterContextProvider();
  context.set(appContext, { user } as never);
  const [middleware] = named(name);
  return (async () =>
    middleware({ request: new Request(url), context, params: {} } as never, async () => new Response()))();
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    return error as Response;
  }
  throw new Error("expected the middleware to throw");
}

describe("named route middleware", () => {
  it("auth sends an anonymous user to the login target with the wanted page", async () => {
    const response = await thrown(run("auth", "http://x/ucet/prehled?tab=2", null));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/ucet?redirect=%2Fucet%2Fprehled%3Ftab%3D2");
    const en = await thrown(run("auth", "http://x/en/account/overview", null));
    expect(en.headers.get("location")).toBe("/en/account?redirect=%2Fen%2Faccount%2Foverview");
    await expect(run("auth", "http://x/ucet/prehled", { id: 1 })).resolves.toBeUndefined();
  });

  it("auth remembers the query only when it is safe, else the bare path", async () => {
    const search = await thrown(run("auth", "http://x/ucet/zpravy?strana=2&q=%C4%8Dern%C3%BD%20rum", null));
    expect(new URL(search.headers.get("location")!, "http://x").searchParams.get("redirect")).toBe(
      "/ucet/zpravy?strana=2&q=%C4%8Dern%C3%BD+rum",
    );
    const backslash = await thrown(run("auth", "http://x/ucet/zpravy?q=%5C%5C&x=a\\b", null));
    expect(backslash.headers.get("location")).toBe("/ucet?redirect=%2Fucet%2Fzpravy");
  });

  it("auth remembers the page, not the data URL of a client navigation or revalidation", async () => {
    const response = await thrown(
      run("auth", "http://x/ucet/prehled.data?zalozka=prihozy&_routes=routes%2Faccount%2Flayout", null),
    );
    expect(response.headers.get("location")).toBe("/ucet?redirect=%2Fucet%2Fprehled%3Fzalozka%3Dprihozy");
    const en = await thrown(run("auth", "http://x/en/account/overview.data", null));
    expect(en.headers.get("location")).toBe("/en/account?redirect=%2Fen%2Faccount%2Foverview");
    const guest = await thrown(run("guest", "http://x/en/register.data", { id: 1 }));
    expect(guest.headers.get("location")).toBe("/en");
  });

  it("auth remembers nothing when even the path is not a safe target", async () => {
    const response = await thrown(run("auth", "http://x/ucet/soubor.pdf", null));
    expect(response.headers.get("location")).toBe("/ucet");
  });

  it("guest sends a logged-in user home", async () => {
    const response = await thrown(run("guest", "http://x/en/register", { id: 1 }));
    expect(response.headers.get("location")).toBe("/en");
    await expect(run("guest", "http://x/registrace", null)).resolves.toBeUndefined();
  });

  it("trailingSlashRedirect answers 301 keeping the query", async () => {
    const response = await thrown(run("trailingSlashRedirect", "http://x/hledani/?q=rum", null));
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/hledani?q=rum");
  });

  it.each([
    "http://x//evil.example/",
    "http://x///evil.example/?q=1",
    "http://x/\\evil.example/",
    "http://x/%2F%2Fevil.example/",
    "http://x/%5Cevil.example/",
  ])("trailingSlashRedirect keeps %s on this site", async (url) => {
    const response = await thrown(run("trailingSlashRedirect", url, null));
    expect(response.status).toBe(301);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/[^/\\]/);
    expect(new URL(location, "http://x").host).toBe("x");
  });

  it("an unknown name fails with 500 Unknown middleware {name}", async () => {
    const error = (await thrown(run("nonsense", "http://x/", null))) as unknown as {
      init: { status: number };
      data: string;
    };
    expect(error.init.status).toBe(500);
    expect(error.data).toBe("Unknown middleware nonsense");
  });

  describe("rejectControlCharacters (every form post)", () => {
    function post(body: FormData | URLSearchParams, locale = "cs") {
      const context = new RouterContextProvider();
      context.set(appContext, { user: null, locale } as never);
      const request = new Request("http://x/ucet/fakturacni-udaje", { method: "POST", body });
      return {
        request,
        run: () =>
          (async () =>
            rejectControlCharacters({ request, context, params: {} } as never, async () => new Response()))(),
      };
    }

    it("refuses a text field with NUL, DEL or a C1 control with a translated 422", async () => {
      for (const value of ["a\u0000b", "a\u007fb", "a\u0085b"]) {
        const form = new FormData();
        form.set("street", value);
        const error = (await thrown(post(form).run())) as unknown as {
          init: { status: number };
          data: string;
        };
        expect(error.init.status).toBe(422);
        expect(error.data).toBe("Pole obsahuje nepovolené řídicí znaky.");
      }
      const english = await thrown(post(new URLSearchParams({ name: "x\u0001" }), "en").run());
      expect((english as unknown as { data: string }).data).toBe(
        "The field contains control characters that are not allowed.",
      );
    });

    it("lets multi-line text and files through, and the action still reads the whole form", async () => {
      const form = new FormData();
      form.set("description", "řádek\r\ndruhý\tsloupec");
      form.set("photo", new File([new Uint8Array([0, 1, 2, 127])], "a.png", { type: "image/png" }));
      const { request, run } = post(form);
      await expect(run()).resolves.toBeUndefined();
      expect((await request.formData()).get("description")).toBe("řádek\r\ndruhý\tsloupec");
    });
  });
});
