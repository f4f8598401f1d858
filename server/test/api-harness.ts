import os from "node:os";
import path from "node:path";
import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import { isStaffRole } from "#core/rules/staff.ts";
import { MAIL_QUEUE, type MailTransport, type OutgoingMail } from "../adapters/mail.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "../db/test-database.ts";
import { createHttpApp } from "../http/app.ts";
import { createJobRunner } from "../jobs/runner.ts";
import { createLogger } from "../logger.ts";
import { hashPassword, hashToken } from "../modules/auth/index.ts";
import type { DealTermsSource } from "../modules/deals/index.ts";
import { users } from "../modules/users/tables.ts";
import { createServices } from "../services.ts";
import { type ContractChecker, createContractChecker } from "./api-contract.ts";

/**
 * The document every answer is checked against (api-contract.ts), built once per test worker:
 * the routes are the same for every app the harness makes, and test files share their worker's
 * modules (vitest.config.ts, `isolate: false`).
 */
let contract: Promise<ContractChecker> | undefined;

/**
 * A real API over a real database (in-memory PGlite, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set), driven through Hono's app.request: everything but the socket.
 * `env` adds configuration, e.g. `{ PAYMENTS_TEST_GATEWAY: "true" }` for card payments.
 */
export async function createTestApi(
  env: Record<string, string> = {},
  {
    marketplace = null,
    dealTerms,
    ageProofProviders = [],
    database: shared,
  }: {
    marketplace?: MarketplacePayments | null;
    dealTerms?: DealTermsSource;
    /** The age check's providers: none (the gates off) unless a test of the gates passes some. */
    ageProofProviders?: AgeProofProvider[];
    /**
     * Another instance's database: this one is a second instance on it (its own services, job
     * runner and DATA_DIR), as two servers on one PostgreSQL; closing it leaves the database open.
     */
    database?: Database;
  } = {},
) {
  const own = shared ? null : await openTestDatabase();
  const database: Database = shared ?? own!;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: path.join(os.tmpdir(), `rarita-test-${process.pid}-${Date.now()}`),
    LOG_LEVEL: "silent",
    // No test reaches the real ARES: a closed port answers every lookup "unavailable"; the traders'
    // tests pass the simulator's address (ARES_URL).
    ARES_URL: "http://127.0.0.1:9/ekonomicke-subjekty-v-be/rest",
    ...env,
  });
  const logger = createLogger("silent");
  // Mails go through the real durable path (a job per mail) and land in sentMail when a test
  // delivers them with deliverMail(); no worker polls in the background.
  const sentMail: OutgoingMail[] = [];
  const mailTransport: MailTransport = { kind: "outbox", deliver: async (mail) => void sentMail.push(mail) };
  const jobs = createJobRunner({ database, logger, background: false });
  const services = createServices({
    database,
    config,
    logger,
    jobs,
    mailTransport,
    marketplace,
    dealTerms,
    ageProofProviders,
  });
  // Started before any test runs: services enqueue inside their transactions, where PGlite's one
  // connection cannot also install the job tables.
  await jobs.start();
  const app = createHttpApp({ config, logger, services });

  async function call(
    method: string,
    url: string,
    options: {
      token?: string;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      /** false: a test of the checker itself, or of an answer made wrong on purpose. */
      contract?: boolean;
    } = {},
  ) {
    const headers: Record<string, string> = {
      Accept: "application/json",
      clientUrl: config.publicUrl,
      ...options.headers,
    };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["Content-Type"] ??= "application/json";
    const response = await app.request(url, { method, headers, body });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered.
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (options.contract !== false) {
      contract ??= Promise.resolve(app.request("/api/openapi.json"))
        .then((answer) => answer.json())
        .then(createContractChecker);
      (await contract).check(method, url, response.status, response.headers.get("content-type"), json);
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  let userCounter = 0;
  /** Inserts a user with a known password and returns it with a logged-in token. */
  async function createUser(
    overrides: Partial<typeof users.$inferInsert> = {},
    password = "Spravne-Heslo-123",
    {
      secondFactor = true,
      seller = "private",
    }: {
      secondFactor?: boolean;
      /** The seller's declaration (issue 36, item 2): private by default, so tests may publish; null: none. */
      seller?: "private" | null;
    } = {},
  ) {
    userCounter += 1;
    const [user] = await database.db
      .insert(users)
      .values({
        email: `user${userCounter}-${Date.now()}@example.cz`,
        username: `user${userCounter}x${Date.now() % 100000}`,
        passwordHash: await hashPassword(password),
        firstname: "Jan",
        lastname: "Novák",
        ...overrides,
      })
      .returning();
    const login = await call("POST", "/api/auth/login", { body: { email: user.email, password } });
    if (login.status !== 200) throw new Error(`test login failed: ${login.text}`);
    const token = login.json.token as string;
    // Staff sessions pass their second factor here; the TOTP flow has its own tests.
    if (isStaffRole(user.role) && secondFactor) await services.auth.markSecondFactor(hashToken(token));
    if (seller) await services.traders.declare(user.id, { intent: seller });
    return { user, token, password };
  }

  return {
    app,
    db: database.db,
    database,
    services,
    config,
    sentMail,
    jobs,
    /** Runs the queued mail jobs now (what the worker does in the server); returns how many ran. */
    deliverMail: () => jobs.runPending(MAIL_QUEUE),
    call,
    createUser,
    /**
     * Loads the live listing terms into memory (ADR 0129) and keeps them following every write, as
     * the server does after its start: the pages filtered by attributes and a search's facets then
     * count there. Throws when they did not load.
     */
    async startTermsMemory() {
      await services.termsIndex?.start();
      if (!(await services.termsIndex?.fresh())) throw new Error("the live listing terms did not load");
    },
    async close() {
      await services.termsIndex?.stop();
      await jobs.stop();
      await own?.dispose();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;
