import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../test/api-harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("the /api application", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const response = await api.call("GET", "/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.json).toEqual({ message: "This page could not be found" });
  });

  it("answers an unexpected failure with a JSON 500 that reveals no internals", async () => {
    const original = api.services.lists.currencies;
    api.services.lists.currencies = async () => {
      throw new Error("connection to 10.0.0.5 failed: secret-detail");
    };
    try {
      const response = await api.call("GET", "/api/lists/currencies");
      expect(response.status).toBe(500);
      // The request's id, as X-Request-Id names it: what the user quotes, what the log is searched by.
      expect(response.json).toEqual({
        message: "Omlouváme se, ale nastala chyba.",
        requestId: expect.stringMatching(/^[\w.-]{8,100}$/),
      });
      expect(response.text).not.toContain("secret-detail");
    } finally {
      api.services.lists.currencies = original;
    }
  });

  it("serves the API docs page with its script allowed by the page's CSP (the nonce the header names)", async () => {
    const response = await api.app.request("/api/docs");
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = policy.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("sends JSON Zstandard-, Brotli- or gzip-compressed to a client that accepts it, and plain to one that does not", async () => {
    const zstd = await api.app.request("/api/openapi.json", {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    expect(zstd.headers.get("content-encoding")).toBe("zstd");
    const fromZstd = JSON.parse(zstdDecompressSync(Buffer.from(await zstd.arrayBuffer())).toString("utf8"));
    const brotli = await api.app.request("/api/openapi.json", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    const fromBrotli = JSON.parse(
      brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString("utf8"),
    );
    const compressed = await api.app.request("/api/openapi.json", {
      headers: { "Accept-Encoding": "gzip, deflate" },
    });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(compressed.headers.get("vary")).toContain("Accept-Encoding");
    const unzipped = JSON.parse(gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString("utf8"));
    const plain = await api.app.request("/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const plainJson = await plain.json();
    expect(unzipped).toEqual(plainJson);
    expect(fromBrotli).toEqual(plainJson);
    expect(fromZstd).toEqual(plainJson);
  });

  it("reports health with the database state", async () => {
    const response = await api.call("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: "ok", database: "ok" });
  });

  it("accepts the clientUrl header, also in a CORS preflight from the site's own origin", async () => {
    const preflight = await api.app.request("/api/lists/currencies", {
      method: "OPTIONS",
      headers: {
        Origin: api.config.publicUrl,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "clienturl,authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(api.config.publicUrl);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("clienturl");
    const foreign = await api.app.request("/api/lists/currencies", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const response = await api.call("POST", "/api/auth/login", {
      rawBody: JSON.stringify({ email: "a@b.cz", password: "x".repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
  });

  it("sets security headers", async () => {
    const response = await api.call("GET", "/api/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});

describe("OpenAPI", () => {
  it("documents every call of the API catalogue (docs/product/calls-and-errors.md)", async () => {
    const response = await api.call("GET", "/api/openapi.json");
    expect(response.status).toBe(200);
    const paths = Object.entries(response.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const specCalls = [
      "POST /auth/login",
      "GET /auth/logout",
      "GET /me",
      "GET /lists/currencies",
      "GET /lists/countries/{locale}",
      "GET /catalog/category/{locale}",
      "GET /settings",
      "GET /blog/categories/list",
      "GET /message",
      "GET /me/advertisements/statistics",
      "GET /wishlist/{locale}",
      "GET /wishlist/anonymous/{locale}/{tempId}",
      "POST /wishlist",
      "DELETE /wishlist/{tempId}",
      "PUT /wishlist/{tempId}",
      "POST /subscriber/save",
      "GET /subscriber/get",
      "POST /subscriber/preferences",
      "GET /poster",
    ];
    for (const call of specCalls) expect(paths).toContain(call);
    expect(response.json.components.securitySchemes.bearerAuth.scheme).toBe("bearer");
  });

  it("documents every registered /api route, so none can be left out of the document", async () => {
    // The document itself and its docs page are the only routes it need not describe.
    const undocumented = new Set(["GET /openapi.json", "GET /docs"]);
    const registered = new Set(
      api.app.routes
        // Middleware and the JSON 404 are registered for ALL methods; handlers for one.
        .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
        // Hono writes /:name (optionally /:name{regex}); OpenAPI writes /{name}, relative to /api.
        .map(
          (route) =>
            `${route.method} ${route.path.slice("/api".length).replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`,
        )
        .filter((call) => !undocumented.has(call)),
    );
    const response = await api.call("GET", "/api/openapi.json");
    const documented = new Set(
      Object.entries(response.json.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(registered.size).toBeGreaterThanOrEqual(20);
    expect([...registered].filter((call) => !documented.has(call))).toEqual([]);
    // And the document describes nothing that does not exist.
    expect([...documented].filter((call) => !registered.has(call))).toEqual([]);
    expect(documented).toContain("GET /health");
  });

  it("serves a readable docs page", async () => {
    const response = await api.app.request("/api/docs");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("/api/openapi.json");
  });
});
