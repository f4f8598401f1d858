import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { ACCOUNT_IP_LIMIT } from "../modules/auth/index.ts";
import { sessions } from "../modules/auth/tables.ts";
import { createTestApi, type TestApi } from "../test/api-harness.ts";
import { createHttpApp } from "./app.ts";
import { createOriginResolver } from "./trusted-proxies.ts";

const PROXY = "127.0.0.1";
const STRANGER = "198.51.100.20";

describe("createOriginResolver", () => {
  const request = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/ucet", { headers });
  const forwarded = {
    "X-Forwarded-For": "203.0.113.7",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "rarita.example",
  };

  it("believes forwarded headers from a trusted proxy only", () => {
    const resolve = createOriginResolver({
      trustedProxies: ["loopback", "10.0.0.0/8"],
      publicUrl: "http://localhost:3000",
      publicUrlSet: false,
    });
    expect(resolve(PROXY, request(forwarded))).toEqual({
      clientIp: "203.0.113.7",
      origin: "https://rarita.example",
    });
    expect(resolve("::ffff:127.0.0.1", request(forwarded)).clientIp).toBe("203.0.113.7");
    // A stranger's forwarded headers change nothing: its own address, the request's own origin.
    expect(resolve(STRANGER, request(forwarded))).toEqual({
      clientIp: STRANGER,
      origin: "http://127.0.0.1:3000",
    });
  });

  it("takes the right-most untrusted address of X-Forwarded-For, so a client cannot prepend another", () => {
    const resolve = createOriginResolver({
      trustedProxies: ["127.0.0.1", "10.0.0.0/8"],
      publicUrl: "http://localhost:3000",
      publicUrlSet: false,
    });
    // The client wrote 6.6.6.6; the outer proxy (10.1.2.3) appended the client's real address.
    const chain = request({ "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.1.2.3" });
    expect(resolve(PROXY, chain).clientIp).toBe("203.0.113.9");
    expect(resolve(PROXY, request({})).clientIp).toBe(PROXY);
  });

  it("takes the origin from PUBLIC_URL when no trusted proxy says otherwise, and ignores malformed forwarded values", () => {
    const resolve = createOriginResolver({
      trustedProxies: ["127.0.0.1"],
      publicUrl: "https://rarita.example",
      publicUrlSet: true,
    });
    expect(resolve(STRANGER, request(forwarded)).origin).toBe("https://rarita.example");
    expect(resolve(PROXY, request({})).origin).toBe("https://rarita.example");
    expect(
      resolve(PROXY, request({ "X-Forwarded-Proto": "gopher", "X-Forwarded-Host": "evil.example/x@y" }))
        .origin,
    ).toBe("https://rarita.example");
    expect(
      resolve(
        PROXY,
        request({ "X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "www.rarita.example:8443" }),
      ).origin,
    ).toBe("https://www.rarita.example:8443");
  });
});

describe("the HTTP app behind a TLS-terminating proxy", () => {
  let api: TestApi;
  const seen: { url: string; method: string; body: string }[] = [];
  let app: ReturnType<typeof createHttpApp>;

  beforeAll(async () => {
    api = await createTestApi({ PUBLIC_URL: "https://rarita.example", TRUSTED_PROXIES: "127.0.0.1,::1" });
    // The same app as main.ts builds, with a page handler that tells what React Router would get.
    app = createHttpApp({
      config: api.config,
      logger: createLogger("silent"),
      services: api.services,
      pageHandler: async (request) => {
        seen.push({ url: request.url, method: request.method, body: await request.text() });
        return new Response("page");
      },
    });
  }, 60_000);

  afterAll(async () => {
    await api?.services.auctionStreams.stop();
    await api?.close();
  });

  /** A request as @hono/node-server hands it over: plain http, with the socket's peer address. */
  const send = (peer: string, path: string, init: RequestInit = {}) =>
    app.request(`http://127.0.0.1:3000${path}`, init, { incoming: { socket: { remoteAddress: peer } } });

  it("hands React Router the page request on the public https origin, method and form body intact", async () => {
    const response = await send(PROXY, "/ucet/prihlaseni?redirect=%2Fucet", {
      method: "POST",
      headers: {
        Origin: "https://rarita.example",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "rarita.example",
      },
      body: "email=a%40b.cz&password=x",
    });
    expect(response.status).toBe(200);
    expect(seen.at(-1)).toEqual({
      url: "https://rarita.example/ucet/prihlaseni?redirect=%2Fucet",
      method: "POST",
      body: "email=a%40b.cz&password=x",
    });
  });

  it("refuses a form post from another site behind the proxy too, and a stranger's forged origin (403)", async () => {
    // What the proxy sends when a page on evil.example posts to our site: Host is ours, Origin theirs.
    const crossSite = await send(PROXY, "/ucet/prihlaseni", {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "rarita.example",
      },
      body: "x=1",
    });
    expect(crossSite.status).toBe(403);
    // A stranger cannot make its forged origin ours: PUBLIC_URL's origin stands.
    const forged = await send(STRANGER, "/ucet/prihlaseni", {
      method: "POST",
      headers: {
        Origin: "http://evil.example",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "http",
      },
      body: "x=1",
    });
    expect(forged.status).toBe(403);
  });

  it("stores the client's address from the trusted proxy's X-Forwarded-For, and a stranger's socket address", async () => {
    const { user, password } = await api.createUser();
    const login = (peer: string, forwardedFor: string) =>
      send(peer, "/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
        body: JSON.stringify({ email: user.email, password }),
      });
    expect((await login(PROXY, "203.0.113.7")).status).toBe(200);
    expect((await login(STRANGER, "203.0.113.8")).status).toBe(200);
    const stored = await api.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(stored.map((row) => row.ip)).toEqual(expect.arrayContaining(["203.0.113.7", STRANGER]));
    expect(stored.map((row) => row.ip)).not.toContain("203.0.113.8");
  });

  it("keys the login limit by the socket for a stranger, whatever X-Forwarded-For it makes up", async () => {
    const failWith = (peer: string, email: string, i: number) =>
      send(peer, "/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${100 + i}` },
        body: JSON.stringify({ email, password: "spatne-heslo-1" }),
      });
    const statuses = async (peer: string, email: string) => {
      const out: number[] = [];
      for (let i = 0; i <= ACCOUNT_IP_LIMIT; i++) out.push((await failWith(peer, email, i)).status);
      return out;
    };
    // A new X-Forwarded-For each time from a stranger: still one address, limited after the limit.
    const spoofed = await statuses(STRANGER, "obet1@example.cz");
    expect(spoofed.slice(0, ACCOUNT_IP_LIMIT)).toEqual(Array(ACCOUNT_IP_LIMIT).fill(422));
    expect(spoofed[ACCOUNT_IP_LIMIT]).toBe(429);
    // The same through the trusted proxy: each client address counts on its own, so none is told
    // to wait; once the account has had its failures, the next new address must prove work (428).
    const proxied = await statuses(PROXY, "obet2@example.cz");
    expect(proxied.slice(0, ACCOUNT_IP_LIMIT)).toEqual(Array(ACCOUNT_IP_LIMIT).fill(422));
    expect(proxied[ACCOUNT_IP_LIMIT]).toBe(428);
  });
});
