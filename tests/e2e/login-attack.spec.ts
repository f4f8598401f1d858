import http from "node:http";
import { fillRegistration } from "../browser-setup.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * Issue 13 item 4 in the browser: two addresses guessing an account's password must not keep its
 * owner out of a new device. The attackers' requests leave from other loopback addresses
 * (127.0.0.2 and .3), so the server counts them apart from the browser's 127.0.0.1.
 */
function loginFrom(baseURL: string, from: string, body: Record<string, string>) {
  const url = new URL("/api/auth/login", baseURL);
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

test("the owner logs in from a new browser while two addresses guess the password", async ({
  page,
  baseURL,
}) => {
  // Registration solves a proof of work in the browser, and so does the login under attack.
  test.slow();
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `napadeny.${id}@example.cz`;
  const password = "Sbirka doutniku z Kuby 1998";
  await page.context().addCookies([
    { name: "age-confirmed", value: "1", domain: "localhost", path: "/" },
    { name: "intro-popup", value: "hidden", domain: "localhost", path: "/" },
  ]);
  await page.goto("/registrace");
  // The registration's proof of work runs in the page's scripts: sent before they run, the form
  // would go without it.
  await hydrated(page);
  await fillRegistration(page, { email, username: `napadeny.${id}`, password });
  await page.getByRole("button", { name: "Zaregistrovat se" }).click();
  await expect(page).toHaveURL(/\/registrace\/dekujeme$/, { timeout: 20_000 });

  // Two attackers, 5 wrong passwords each.
  for (let i = 0; i < 5; i++)
    for (const from of ["127.0.0.2", "127.0.0.3"])
      expect((await loginFrom(baseURL!, from, { email, password: `hadam-${i}` })).status).toBe(422);

  // The owner in this browser (never logged in here): the form gets a challenge, solves it and
  // sends the credentials again by itself.
  const answers: number[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST") answers.push(response.status());
  });
  await page.goto("/ucet");
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await page.locator("main form:has(#login-email)").getByRole("button", { name: "Přihlásit se" }).click();
  await expect(page).toHaveURL(/\/ucet\/prehled$/, { timeout: 30_000 });
  expect(answers).toContain(428);
  expect(answers).not.toContain(429);

  // The attackers still cannot try a password without doing the work, not even the right one.
  const guess = await loginFrom(baseURL!, "127.0.0.2", { email, password });
  expect(guess.status).toBe(428);
  expect(guess.json.token).toBeUndefined();
});
