import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tooManyAttemptsMessage } from "#core/contracts/login.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { type AltchaChallenge, solveAltcha } from "./altcha.ts";
import {
  ACCOUNT_CHALLENGE_AFTER,
  ACCOUNT_DEVICE_LIMIT,
  ACCOUNT_IP_LIMIT,
  CHALLENGE_BITS,
  createLoginThrottle,
  IP_LIMIT,
  type LoginGate,
} from "./login-throttle.ts";

const solved = async (gate: LoginGate) => {
  if (gate.action !== "challenge") throw new Error(`expected a challenge, got ${gate.action}`);
  return { altcha: await solveAltcha(gate.challenge) };
};

describe("login throttle (clock under test control)", () => {
  let clock = 1_000_000;
  const throttle = createLoginThrottle(() => clock);

  it("stops one address on one account, but not the owner on another address", async () => {
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++) await throttle.failed("obet@example.cz", { ip: "10.0.0.66" });
    expect(await throttle.gate("OBET@example.cz", { ip: "10.0.0.66" })).toEqual({
      action: "wait",
      seconds: 15 * 60,
    });
    expect(await throttle.retryAfter("obet@example.cz", { ip: "10.0.0.1" })).toBe(0);
    // The window ends: the address may try again.
    clock += 15 * 60_000;
    expect(await throttle.retryAfter("obet@example.cz", { ip: "10.0.0.66" })).toBe(0);
  });

  it("stops an address guessing many accounts", async () => {
    for (let i = 0; i < IP_LIMIT; i++) await throttle.failed(`ucet${i}@example.cz`, { ip: "10.0.0.77" });
    expect(await throttle.retryAfter("jiny@example.cz", { ip: "10.0.0.77" })).toBeGreaterThan(0);
    expect(await throttle.retryAfter("jiny@example.cz", { ip: "10.0.0.78" })).toBe(0);
  });

  it("stops one device on one account even when it changes address", async () => {
    for (let i = 0; i < ACCOUNT_DEVICE_LIMIT; i++)
      await throttle.failed("zarizeni@example.cz", { ip: `10.3.0.${i}`, device: "d-attacker" });
    expect(
      (await throttle.gate("zarizeni@example.cz", { ip: "10.3.1.1", device: "d-attacker" })).action,
    ).toBe("wait");
    expect(await throttle.retryAfter("zarizeni@example.cz", { ip: "10.3.1.1", device: "d-owner" })).toBe(0);
  });

  it("never answers the owner 'wait' because of others: a new place gets a challenge, a known one goes straight in", async () => {
    const email = "sberatel@example.cz";
    await throttle.succeeded(email, { ip: "192.168.1.10", device: "d-home" });
    // Two attackers fail at 5 per 150 s each for the whole window.
    for (let t = 0; t < 900; t += 30) {
      clock += 30_000;
      await throttle.failed(email, { ip: "203.0.113.1" });
      await throttle.failed(email, { ip: "203.0.113.2" });
      const owner = await throttle.gate(email, { ip: "172.16.0.5", device: "d-new-phone" });
      expect(owner.action).not.toBe("wait");
    }
    const owner = await throttle.gate(email, { ip: "172.16.0.5", device: "d-new-phone" });
    expect(owner.action).toBe("challenge");
    // The solution buys exactly one password check, once.
    const proof = await solved(owner);
    expect(await throttle.gate(email, { ip: "172.16.0.5" }, proof)).toEqual({ action: "check" });
    const replay = await throttle.gate(email, { ip: "172.16.0.5" }, proof);
    expect(replay.action === "challenge" && replay.stale).toBe(true);
    // The usual address, and the usual device from anywhere, are not challenged.
    expect(await throttle.gate(email, { ip: "192.168.1.10" })).toEqual({ action: "check" });
    expect(await throttle.gate(email, { ip: "198.18.0.1", device: "d-home" })).toEqual({ action: "check" });
  });

  it("asks for more work as an attack grows, up to a cap", async () => {
    const bits = async (email: string) => {
      const gate = await throttle.gate(email, { ip: "172.16.9.9" });
      return gate.action === "challenge" ? gate.challenge.parameters.data?.bits : 0;
    };
    const fail = async (email: string, n: number) => {
      for (let i = 0; i < n; i++)
        await throttle.failed(email, { ip: `10.${Math.floor(i / 200)}.${i % 200}.1` });
    };
    await fail("a@example.cz", ACCOUNT_CHALLENGE_AFTER - 1);
    expect(await bits("a@example.cz")).toBe(0);
    await fail("a@example.cz", 1);
    expect(await bits("a@example.cz")).toBe(CHALLENGE_BITS.base);
    await fail("b@example.cz", ACCOUNT_CHALLENGE_AFTER * 4);
    expect(await bits("b@example.cz")).toBe(CHALLENGE_BITS.base + 2);
    await fail("c@example.cz", ACCOUNT_CHALLENGE_AFTER * 1000);
    expect(await bits("c@example.cz")).toBe(CHALLENGE_BITS.max);
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
  async function login(email: string, password: string, ip: string, extra: Record<string, string> = {}) {
    const response = await api.app.request(
      "/api/auth/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email, password, ...extra }),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
    return {
      status: response.status,
      json: await response.json(),
      retryAfter: response.headers.get("retry-after"),
    };
  }
  const solve = async (json: { challenge: AltchaChallenge }) => ({
    altcha: await solveAltcha(json.challenge),
  });

  it("answers 429 with a translated message and Retry-After to the guesser, and lets the owner in from their address", async () => {
    const { user, password } = await api.createUser();
    expect((await login(user.email, password, "198.51.100.20")).status).toBe(200);
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

  it("two attacking addresses never lock the owner out of a new device: a challenge, solved, signs in; guessing stays bounded", async () => {
    const { user, password } = await api.createUser();
    // Two attacker addresses taking turns, 10 attempts each (the attack seen on the site kept the
    // owner out with 429 for all of its attempts). The first 5 each fail; then the account is
    // under attack and the rest are answered with challenges the attackers do not solve.
    const attackers = ["203.0.113.71", "203.0.113.72"];
    const attack: number[] = [];
    for (let round = 0; round < ACCOUNT_IP_LIMIT; round++)
      for (const ip of attackers) attack.push((await login(user.email, `hadam-${round}`, ip)).status);
    expect(attack.slice(0, ACCOUNT_CHALLENGE_AFTER)).toEqual(Array(ACCOUNT_CHALLENGE_AFTER).fill(422));
    expect(new Set(attack.slice(ACCOUNT_CHALLENGE_AFTER))).toEqual(new Set([428]));

    // The owner, from a third address and a new device, with the right password.
    const first = await login(user.email, password, "192.0.2.44");
    expect(first.status).toBe(428);
    expect(first.json.message).toMatch(/^Na tento účet teď někdo zkouší hesla/);
    expect(first.json.challenge.parameters.data.bits).toBeGreaterThanOrEqual(CHALLENGE_BITS.base);
    // ALTCHA's challenge, as the OpenAPI document describes it (AltchaChallenge).
    expect(Object.keys(first.json.challenge).sort()).toEqual(["parameters", "signature"]);
    expect(Object.keys(first.json.challenge.parameters).sort()).toEqual([
      "algorithm",
      "cost",
      "data",
      "expiresAt",
      "keyLength",
      "keyPrefix",
      "keySignature",
      "nonce",
      "salt",
    ]);
    expect(first.json.challenge.parameters).toMatchObject({
      algorithm: "PBKDF2/SHA-256",
      data: { purpose: "login" },
    });
    expect(first.retryAfter).toBeNull();
    const signedIn = await login(user.email, password, "192.0.2.44", await solve(first.json));
    expect(signedIn.status).toBe(200);
    expect((await api.call("GET", "/api/me", { token: signedIn.json.token })).status).toBe(200);
    // Having logged in there, the owner's address is known: no challenge next time.
    expect((await login(user.email, password, "192.0.2.44")).status).toBe(200);

    // The attackers: without the work no password is checked (not even a right one)...
    for (const ip of attackers) {
      const guess = await login(user.email, password, ip);
      expect(guess.status).toBe(428);
      expect(guess.json.token).toBeUndefined();
    }
    // ...each solved challenge buys one guess, a replayed solution none...
    const [attacker] = attackers;
    let answer = await login(user.email, "hadam-znovu", attacker);
    const proof = await solve(answer.json);
    expect((await login(user.email, "hadam-znovu", attacker, proof)).status).toBe(422);
    expect((await login(user.email, password, attacker, proof)).status).toBe(428);
    // ...and the address is stopped on the account after its 10 failures, work or not.
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_IP_LIMIT; i++) {
      answer = await login(user.email, `hadam-${i}-x`, attacker);
      if (answer.status !== 428) {
        statuses.push(answer.status);
        continue;
      }
      statuses.push((await login(user.email, `hadam-${i}-x`, attacker, await solve(answer.json))).status);
    }
    expect(statuses.slice(0, ACCOUNT_IP_LIMIT / 2 - 1)).toEqual(Array(ACCOUNT_IP_LIMIT / 2 - 1).fill(422));
    expect(statuses.at(-1)).toBe(429);
    expect((await login(user.email, password, attacker)).status).toBe(429);
  });

  it("a known address is not challenged during an attack", async () => {
    const { user, password } = await api.createUser();
    expect((await login(user.email, password, "198.51.100.30")).status).toBe(200);
    for (let i = 0; i < ACCOUNT_CHALLENGE_AFTER * 2; i++)
      await login(user.email, "hadam", `203.0.113.${100 + i}`);
    expect((await login(user.email, password, "192.0.2.45")).status).toBe(428);
    expect((await login(user.email, password, "198.51.100.30")).status).toBe(200);
  });
});
