import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { said } from "#server/test/said.ts";
import { createAltcha } from "../auth/altcha.ts";
import { followEmailChange } from "../newsletter/index.ts";
import { createEmailConfirmationService } from "./email-confirmation.ts";
import { createRecaptchaVerifier } from "./recaptcha.ts";
import { createRegistrationService } from "./registration.ts";

/** A stand-in for Google's siteverify on a local port: the token says what it answers. */
const received: URLSearchParams[] = [];
const siteverify = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    const form = new URLSearchParams(body);
    received.push(form);
    const token = form.get("response") ?? "";
    if (token.startsWith("down")) {
      response.writeHead(503).end();
      return;
    }
    const answer =
      form.get("secret") !== "tajny-klic-serveru"
        ? { success: false, "error-codes": ["invalid-input-secret"] }
        : token.startsWith("human")
          ? { success: true, score: 0.9, action: "register", hostname: "localhost" }
          : token.startsWith("robot")
            ? { success: true, score: 0.1, action: "register", hostname: "localhost" }
            : token.startsWith("other-action")
              ? { success: true, score: 0.9, action: "login", hostname: "localhost" }
              : { success: false, "error-codes": ["invalid-input-response"] };
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
  });
});

let verifyUrl: string;
let api: TestApi;
beforeAll(async () => {
  await new Promise<void>((resolve) => siteverify.listen(0, "127.0.0.1", resolve));
  verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => siteverify.close(resolve));
});

const token = (kind: string) => `${kind}-${"x".repeat(40)}`;

describe("reCAPTCHA v3 verification against siteverify", () => {
  it("passes a human's token, refuses a low score, a forged token, another action and an unreachable service", async () => {
    const verifier = createRecaptchaVerifier({
      settings: { secret: "tajny-klic-serveru", verifyUrl, minScore: 0.5 },
      expectedAction: "register",
    });
    expect(await verifier.verify(token("human"), "203.0.113.5")).toBe("ok");
    const sent = received.at(-1)!;
    expect(sent.get("secret")).toBe("tajny-klic-serveru");
    expect(sent.get("remoteip")).toBe("203.0.113.5");
    expect(await verifier.verify(token("robot"))).toBe("low_score");
    expect(await verifier.verify(token("forged"))).toBe("rejected");
    expect(await verifier.verify(token("other-action"))).toBe("rejected");
    expect(await verifier.verify(token("down"))).toBe("unavailable");
    expect(await verifier.verify("")).toBe("missing");
    expect(await verifier.verify(undefined)).toBe("missing");
  });

  it("makes registration depend on the verdict, with the form's translated message", async () => {
    const service = createRegistrationService({
      db: api.db,
      altcha: createAltcha({ purpose: "register" }),
      emailConfirmation: createEmailConfirmationService({
        db: api.db,
        mail: api.services.mail,
        config: api.config,
        followEmailChange,
      }),
      newsletter: api.services.newsletter,
      mail: api.services.mail,
      config: api.config,
      recaptcha: createRecaptchaVerifier({
        settings: { secret: "tajny-klic-serveru", verifyUrl, minScore: 0.5 },
        expectedAction: "register",
      }),
    });
    const form = (n: number) => ({
      email: `recaptcha${n}@example.cz`,
      username: `recaptcha.${n}`,
      password: "Jamajsky rum z roku 1998",
      passwordConfirmation: "Jamajsky rum z roku 1998",
      firstname: "Karel",
      lastname: "Sběratel",
      terms: "on",
      adult: "on",
    });
    const robot = said(
      await service.register(form(1), {
        locale: "cs",
        ip: "10.7.0.1",
        proof: { recaptchaToken: token("robot") },
      }),
    );
    expect(robot).toMatchObject({
      status: "invalid",
      errors: { form: ["Formulář se nepodařilo ověřit. Odešlete jej prosím znovu."] },
    });
    const human = await service.register(form(2), {
      locale: "cs",
      ip: "10.7.0.2",
      proof: { recaptchaToken: token("human") },
    });
    expect(human.ok).toBe(true);
  });
});
