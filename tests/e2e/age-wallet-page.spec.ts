import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createAgeWallet } from "../../server/adapters/age-wallet/index.ts";
import {
  type AgeWalletSimulator,
  startAgeWalletSimulator,
} from "../../server/adapters/age-wallet/simulator/server.ts";
import { violations } from "./axe.ts";

/**
 * The EU test wallet's page (ADR 0084) in a real browser, against a callback of the test's own
 * (it needs no Rarita server): the request is shown and answered with the keyboard alone, the page's
 * script posts the response to the callback, and the verifier accepts what arrived; a refusal
 * arrives as access_denied; the page has no axe violations.
 */
let simulator: AgeWalletSimulator;
let callback: http.Server;
let callbackUrl = "";
const received: Record<string, string>[] = [];

test.beforeAll(async () => {
  simulator = await startAgeWalletSimulator({ port: 0 });
  callback = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end("<!doctype html><title>Přijato</title><h1>Odpověď přijata</h1>");
    });
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/api/age-check/callback/eu_wallet`;
});

test.afterAll(async () => {
  await simulator.stop();
  await new Promise<void>((resolve) => callback.close(() => resolve()));
});

const wallet = () =>
  createAgeWallet({
    walletUrl: simulator.authorizeUrl,
    clientId: undefined,
    trustedIssuers: simulator.trustedIssuers,
  });

test("the wallet's page is answered with the keyboard and its response reaches the verifier", async ({
  page,
}) => {
  const state = `e2e-${Date.now()}-keyboard`;
  const started = await wallet().start({ state, callbackUrl });
  await page.goto(started.redirectUrl);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Žádost o ověření věku");
  await expect(page.getByText("127.0.0.1", { exact: false }).first()).toBeVisible();
  const adult = page.getByRole("radio", { name: /je mi 18 let nebo více/ });
  await expect(adult).toBeChecked();
  // Keyboard only: into the radio group, down to the minor's attestation, on to the buttons.
  await adult.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /je mi méně než 18 let/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: /nový klíč/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: /Předložit/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Odpověď přijata" })).toBeVisible();
  const posted = received.find((fields) => fields.state === state);
  expect(Object.keys(posted ?? {}).sort()).toEqual(["state", "vp_token"]);
  expect(await wallet().finish({ params: posted!, secret: started.secret, callbackUrl, state })).toEqual({
    ok: true,
    value: { adult: false, subject: expect.any(String) },
  });
});

test("a refusal at the wallet reaches the verifier as access_denied", async ({ page }) => {
  const state = `e2e-${Date.now()}-refuse`;
  const started = await wallet().start({ state, callbackUrl });
  await page.goto(started.redirectUrl);
  await page.getByRole("button", { name: /Odmítnout/ }).click();
  await expect(page.getByRole("heading", { name: "Odpověď přijata" })).toBeVisible();
  expect(received.find((fields) => fields.state === state)).toEqual({ error: "access_denied", state });
});

test("the wallet's request and error pages have no axe violations", async ({ page }) => {
  const started = await wallet().start({ state: "e2e-axe", callbackUrl });
  await page.goto(started.redirectUrl);
  await expect(page.getByRole("button", { name: /Předložit/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto(`${simulator.authorizeUrl}?response_type=code`);
  await expect(page.getByRole("alert")).toContainText("response_mode musí být direct_post");
  expect(await violations(page)).toEqual([]);
});
