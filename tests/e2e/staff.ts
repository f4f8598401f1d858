import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { TOTP } from "otpauth";
import { DEMO_STAFF } from "../../server/db/seed/staff-data.ts";
import { submitLogin } from "../browser-setup.ts";

/**
 * Why the demo staff's sessions are shared (one sign-in per account and run).
 *
 * A TOTP code is accepted once per account: a code of a time step already used is refused as
 * replayed (docs/decisions/0021-staff-second-factor.md). Every test that signed a demo staff member in
 * through the second factor therefore spent one of the account's 30-second steps, and the next
 * sign-in of the same account had to take the next step's code or wait for a step to begin: the
 * suite got slower and failed when the machine was slow. So the "staff-setup" project
 * (tests/e2e/staff.setup.ts, a dependency of the other projects in playwright.config.ts) signs each
 * demo staff account in once, through POST /api/auth/login and /api/auth/second-factor, and stores
 * its session as a Playwright storage state (the session cookie) in the run's output directory.
 * signInStaff puts that cookie in the test's browser and staffApiToken answers its token, so tests
 * spend no codes and never wait.
 *
 * A shared session lives as long as nobody ends it. No test signs a demo staff member out, changes
 * their password or their factor, or ends their sessions: a test that does must take a session of
 * its own with `{ fresh: true }`, as must a test of the sign-in itself (admin-staff.spec.ts).
 * Without the setup (a run with --no-deps, the screenshot scripts) every sign-in is a fresh one.
 */
const SESSION_COOKIE = "auth._token";

/**
 * Where the setup keeps the shared sessions (set by playwright.config.ts); none outside a run. A
 * session belongs to its server: the deals' server (playwright.config.ts) has its own setup.
 */
function sharedSessionFile(email: string, baseURL: string): string | null {
  const dir = process.env.E2E_STAFF_SESSIONS;
  return dir ? path.join(dir, new URL(baseURL).port, `${email}.json`) : null;
}

/** The server of the running test's project. */
function projectBaseURL(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("the project has no baseURL (playwright.config.ts)");
  return baseURL;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Stores the session `token` of a demo staff member (passed the second factor) for the run's tests. */
export function saveSharedStaffSession(email: string, token: string, baseURL: string): void {
  const file = sharedSessionFile(email, baseURL);
  if (!file) throw new Error("E2E_STAFF_SESSIONS is not set (playwright.config.ts sets it)");
  const state: StorageState = {
    cookies: [
      {
        name: SESSION_COOKIE,
        value: token,
        domain: new URL(baseURL).hostname,
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax",
      },
    ],
    origins: [],
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(state, null, 2));
}

/** The shared session of a demo staff member as a storage state, or null when the setup did not run. */
function sharedStaffSession(email: string): StorageState | null {
  const file = sharedSessionFile(email, projectBaseURL());
  if (!file || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, "utf8")) as StorageState;
}

const ENDED = (email: string) =>
  `the shared session of ${email} (tests/e2e/staff.setup.ts) no longer works: a test that signs ` +
  "demo staff out or changes their password or factor must sign in with { fresh: true }";

function demoStaff(email: string) {
  const staff = DEMO_STAFF.find((member) => member.email === email);
  if (!staff) throw new Error(`${email} is not a demo staff account (server/db/seed/staff-data.ts)`);
  return staff;
}

/** The TOTP of a demo staff account, as an authenticator app with the printed secret has it. */
export function demoTotp(email: string): TOTP {
  return new TOTP({ secret: demoStaff(email).totpSecret, digits: 6, period: 30, algorithm: "SHA1" });
}

/** The code of `totp` for the time step `offset` steps from now. */
export function totpCode(totp: TOTP, offset = 0): string {
  return totp.generate({ timestamp: Date.now() + offset * totp.period * 1000 });
}

/**
 * A demo staff member signed in on `page`, ending on `options.to` (default /admin): the run's
 * shared session (see above) is put in the page's browser context. With `fresh`, or without the
 * setup, the sign-in goes through the real login form and the second-factor page (/admin/overeni).
 */
export async function signInStaff(
  page: Page,
  email: string,
  options: { to?: string; fresh?: boolean } = {},
): Promise<void> {
  const to = options.to ?? "/admin";
  const shared = options.fresh ? null : sharedStaffSession(email);
  if (!shared) return signInStaffFresh(page, email, to);
  await page.context().addCookies(shared.cookies);
  await page.goto(to);
  await expect(page, ENDED(email)).toHaveURL(to);
}

/**
 * The real sign-in: the login form, then a code on the second-factor page.
 *
 * A code is accepted once per account (a replayed code is refused): when the page says the code
 * was already used, the next time step's code is sent (the server accepts one step of clock drift
 * either way), and failing that, the helper waits for the step after.
 */
async function signInStaffFresh(page: Page, email: string, to: string): Promise<void> {
  await page.goto(`/ucet?redirect=${encodeURIComponent(to)}`);
  await submitLogin(page, demoStaff(email));
  await page.waitForURL(/\/admin\/overeni/);
  const totp = demoTotp(email);
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt >= 2) {
      // Both this step's and the next one's codes were taken: wait for the next step to begin.
      const wait = totp.period * 1000 - (Date.now() % (totp.period * 1000)) + 200;
      test.info().setTimeout(test.info().timeout + wait + 5_000);
      await page.waitForTimeout(wait);
    }
    const outcome = await submitSecondFactor(page, totpCode(totp, Math.min(attempt, 1)));
    if (outcome === "passed") {
      await expect(page).toHaveURL(to);
      return;
    }
    if (outcome !== "replayed") throw new Error(`the second factor of ${email} refused its code: ${outcome}`);
  }
  throw new Error(`the second factor of ${email} kept refusing its codes`);
}

/**
 * Sends a code on the second-factor page (/admin/overeni) and waits for the server's answer:
 * "passed", or why it was refused ("invalid", "replayed", "locked"). It reads the answer itself,
 * not the page, so a message left from the previous attempt is never taken for the new one.
 */
export async function submitSecondFactor(page: Page, code: string): Promise<string> {
  const form = page.getByTestId("second-factor-form");
  await form.locator('input[name="code"]').fill(code);
  const [response] = await Promise.all([
    page.waitForResponse(
      (each) => each.request().method() === "POST" && /\/admin\/overeni/.test(new URL(each.url()).pathname),
    ),
    form.locator('button[type="submit"]').click(),
  ]);
  if (response.status() < 400) {
    await page.waitForURL((url) => !url.pathname.includes("/admin/overeni"));
    return "passed";
  }
  const body = await response.text();
  // A script-driven submission answers React Router's data (the reason as a string), a plain
  // form post the page (the reason in the form's attribute).
  const data = new URL(response.url()).pathname.endsWith(".data");
  for (const reason of ["replayed", "locked", "invalid", "none"])
    if (body.includes(data ? `"${reason}"` : `data-second-factor-error="${reason}"`)) return reason;
  return `unknown (${response.status()})`;
}

/**
 * A Bearer token of a demo staff member whose session passed the second factor, for tests that
 * set things up through the admin API: the run's shared session (see above), or with `fresh`, or
 * without the setup, a new one (POST /api/auth/login, then POST /api/auth/second-factor, handling
 * a code already used like signInStaff).
 */
export async function staffApiToken(
  request: APIRequestContext,
  email: string,
  options: { fresh?: boolean } = {},
): Promise<string> {
  const shared = options.fresh ? null : sharedStaffSession(email);
  const cookie = shared?.cookies.find((each) => each.name === SESSION_COOKIE);
  if (cookie) {
    const status = await request.get("/api/auth/second-factor", {
      headers: { Authorization: `Bearer ${cookie.value}` },
    });
    expect(status.status(), ENDED(email)).toBe(200);
    expect(((await status.json()) as { passed: boolean }).passed, ENDED(email)).toBe(true);
    return cookie.value;
  }
  return freshStaffApiToken(request, email);
}

/** A new session through the API (the setup's sign-in, and staffApiToken's with `fresh`). */
export async function freshStaffApiToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/auth/login", {
    data: { email, password: demoStaff(email).password },
  });
  expect(login.status(), `login of ${email}`).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const totp = demoTotp(email);
  for (let attempt = 0; attempt < 4; attempt++) {
    if (attempt >= 2) {
      const wait = totp.period * 1000 - (Date.now() % (totp.period * 1000)) + 200;
      test.info().setTimeout(test.info().timeout + wait + 5_000);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const passed = await request.post("/api/auth/second-factor", {
      headers: { Authorization: `Bearer ${token}` },
      data: { code: totpCode(totp, Math.min(attempt, 1)) },
    });
    if (passed.status() === 200) return token;
    const body = (await passed.json()) as { reason?: string };
    if (body.reason !== "replayed")
      throw new Error(`the second factor of ${email}: ${passed.status()} ${JSON.stringify(body)}`);
  }
  throw new Error(`the second factor of ${email} kept refusing its codes`);
}
