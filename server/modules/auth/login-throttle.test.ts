import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../test/api-harness.ts";
import {
  ACCOUNT_IP_LIMIT,
  ACCOUNT_SLOWDOWN_AFTER,
  createLoginThrottle,
  IP_LIMIT,
  SLOWDOWN_SECONDS,
  tooManyAttemptsMessage,
} from "./login-throttle.ts";

describe("login throttle (clock under test control)", () => {
  let clock = 1_000_000;
  const throttle = createLoginThrottle(() => clock);

  it("stops one address on one account, but not the owner on another address", () => {
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++) throttle.failed("obet@example.cz", "10.0.0.66");
    expect(throttle.retryAfter("OBET@example.cz", "10.0.0.66")).toBe(15 * 60);
    expect(throttle.retryAfter("obet@example.cz", "10.0.0.1")).toBe(0);
    // The window ends: the address may try again.
    clock += 15 * 60_000;
    expect(throttle.retryAfter("obet@example.cz", "10.0.0.66")).toBe(0);
  });

  it("stops an address guessing many accounts", () => {
    for (let i = 0; i < IP_LIMIT; i++) throttle.failed(`ucet${i}@example.cz`, "10.0.0.77");
    expect(throttle.retryAfter("jiny@example.cz", "10.0.0.77")).toBeGreaterThan(0);
    expect(throttle.retryAfter("jiny@example.cz", "10.0.0.78")).toBe(0);
  });

  it("only slows an account attacked from many addresses, for at most a short window, and never its known address", () => {
    throttle.succeeded("sberatel@example.cz", "192.168.1.10");
    for (let i = 0; i < ACCOUNT_SLOWDOWN_AFTER; i++) throttle.failed("sberatel@example.cz", `10.9.0.${i}`);
    // Every new address waits, never longer than the slow-down step.
    const wait = throttle.retryAfter("sberatel@example.cz", "172.16.0.5");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SLOWDOWN_SECONDS);
    // The owner's usual address is not slowed.
    expect(throttle.retryAfter("sberatel@example.cz", "192.168.1.10")).toBe(0);
    // After the step, an unknown address gets its attempt; failures keep it from growing.
    clock += SLOWDOWN_SECONDS * 1000;
    expect(throttle.retryAfter("sberatel@example.cz", "172.16.0.5")).toBe(0);
    for (let i = 0; i < 100; i++) throttle.failed("sberatel@example.cz", `10.8.0.${i}`);
    expect(throttle.retryAfter("sberatel@example.cz", "172.16.0.5")).toBeLessThanOrEqual(SLOWDOWN_SECONDS);
    expect(throttle.retryAfter("sberatel@example.cz", "192.168.1.10")).toBe(0);
  });

  it("says how long to wait in the visitor's language", () => {
    expect(tooManyAttemptsMessage("cs", 30)).toBe(
      "Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to prosím znovu za 30 s.",
    );
    expect(tooManyAttemptsMessage("en", 900)).toBe(
      "Too many failed login attempts. Please try again in 15 min.",
    );
  });
});

describe("POST /api/auth/login limits (integration)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api?.close());

  /** A login from a given client address (what the Node socket would report). */
  async function login(email: string, password: string, ip: string) {
    const response = await api.app.request(
      "/api/auth/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email, password }),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
    return {
      status: response.status,
      json: await response.json(),
      retryAfter: response.headers.get("retry-after"),
    };
  }

  it("answers 429 with a translated message and Retry-After to the guesser, and lets the owner in from elsewhere", async () => {
    const { user, password } = await api.createUser();
    let last = await login(user.email, "spatne", "203.0.113.9");
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++) last = await login(user.email, `spatne-${i}`, "203.0.113.9");
    expect(last.status).toBe(429);
    expect(Number(last.retryAfter)).toBeGreaterThan(0);
    expect(last.json.message).toMatch(
      /^Příliš mnoho neúspěšných pokusů o přihlášení\. Zkuste to prosím znovu za \d+ min\.$/,
    );
    // Even the right password is refused from the guesser's address...
    expect((await login(user.email, password, "203.0.113.9")).status).toBe(429);
    // ...while the owner logs in from their own.
    const owner = await login(user.email, password, "198.51.100.20");
    expect(owner.status).toBe(200);
    expect(typeof owner.json.token).toBe("string");
  });

  it("keeps the owner's usual address open while a spread-out attack slows the account down", async () => {
    const { user, password } = await api.createUser();
    expect((await login(user.email, password, "198.51.100.30")).status).toBe(200);
    for (let i = 0; i < ACCOUNT_SLOWDOWN_AFTER + 5; i++)
      await login(user.email, "hadam", `203.0.113.${100 + i}`);
    const stranger = await login(user.email, password, "192.0.2.44");
    expect(stranger.status).toBe(429);
    expect(Number(stranger.retryAfter)).toBeLessThanOrEqual(SLOWDOWN_SECONDS);
    expect((await login(user.email, password, "198.51.100.30")).status).toBe(200);
  });
});
