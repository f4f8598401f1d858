import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { appContext } from "../context.ts";
import { loader, middleware } from "./diagnostics.tsx";

function runMiddleware(params: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(appContext, { user: null } as never);
  return (async () =>
    middleware[0](
      { request: new Request("http://x/__diagnostics/x"), context, params } as never,
      async () => new Response("passed"),
    ))();
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { init?: { status: number }; data?: unknown };
  }
  throw new Error("expected a rejection");
}

describe("diagnostics routes", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("are a plain 404 unless E2E_DIAGNOSTICS=1", async () => {
    vi.stubEnv("E2E_DIAGNOSTICS", "");
    const error = await rejection(runMiddleware({ name: "nope" }));
    expect(error.init?.status).toBe(404);
    expect(error.data).toBeNull();
  });

  it("run the named-middleware resolver: an unknown name is a 500 Unknown middleware {name}", async () => {
    vi.stubEnv("E2E_DIAGNOSTICS", "1");
    const error = await rejection(runMiddleware({ name: "nope" }));
    expect(error.init?.status).toBe(500);
    expect(error.data).toBe("Unknown middleware nope");
    // A known one behaves as on any route: guest lets an anonymous visitor through (React Router
    // goes on to the loader when a middleware returns without calling next).
    await expect(runMiddleware({ name: "guest" })).resolves.toBeUndefined();
  });

  it("crash throws a plain Error (the page must not show its message)", () => {
    expect(() => loader({ params: {} } as never)).toThrow(Error);
    expect(() => loader({ params: { name: "guest" } } as never)).toThrow();
  });
});
