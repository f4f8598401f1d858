import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { normalizeIban } from "#core/formats/iban.ts";
import {
  AGE_WALLET_ENV,
  type AgeWalletConfig,
  AgeWalletEnvError,
  ageWalletConfig,
} from "./adapters/age-wallet/env.ts";
import {
  type BankIdentityConfig,
  BankIdentityEnvError,
  bankIdentityConfig,
} from "./adapters/bank-identity/env.ts";
import { PUSH_ENV, type PushConfig, PushEnvError, pushConfig } from "./adapters/push/env.ts";
import { STORAGE_ENV, type StorageConfig, StorageEnvError, storageConfig } from "./adapters/storage/env.ts";
import { INSTANCES_ENV, processesProblem } from "./config-instances.ts";
import { parseTrustedProxies } from "./config-proxies.ts";
import { REPLICA_ENV, type ReplicaConfig, ReplicaEnvError, replicaConfig } from "./config-replica.ts";
import { METRICS_ENV } from "./lib/metrics-env.ts";

/**
 * The process configuration, read once from the environment. Every variable is checked here so
 * that a bad value stops the start with one line naming it, instead of failing later mid-request.
 */
const portSchema = z.coerce.number().int().min(1).max(65535);

const urlWithProtocol = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: urlWithProtocol(["postgres:", "postgresql:"]).optional(),
  ...REPLICA_ENV, // DATABASE_REPLICA_URL (ADR 0099): server/config-replica.ts.
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: urlWithProtocol(["http:", "https:"]).optional(),
  TRUSTED_PROXIES: z.string().optional(),
  SMTP_URL: urlWithProtocol(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("Rarita <no-reply@rarita.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  DEV_OUTBOX: z.enum(["true", "false"]).optional(),
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, "must look like GTM-XXXXXXX")
    .optional(),
  RECAPTCHA_SITE_KEY: z.string().min(10).optional(),
  RECAPTCHA_SECRET: z.string().min(10).optional(),
  RECAPTCHA_VERIFY_URL: urlWithProtocol(["https:", "http:"]).default(
    "https://www.google.com/recaptcha/api/siteverify",
  ),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  ALTCHA_HMAC_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  FINGERPRINT_HMAC_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  SMS_GATEWAY_URL: urlWithProtocol(["https:", "http:"]).optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  BANK_ACCOUNT_IBAN: z
    .string()
    .refine((value) => normalizeIban(value) !== null, "must be an IBAN with valid check digits")
    .optional(),
  PAYMENTS_TEST_GATEWAY: z.enum(["true", "false"]).optional(),
  TEST_GATEWAY_SECRET: z.string().min(16).optional(),
  MARKETPLACE_SIMULATOR: z.enum(["true", "false"]).optional(),
  MARKETPLACE_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  STRIPE_SECRET_KEY: z.string().min(8, "must be a Stripe secret key (sk_…)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8, "must be a webhook signing secret (whsec_…)").optional(),
  STRIPE_API_BASE: urlWithProtocol(["https:", "http:"]).optional(),
  // The EU age attestation's wallet (ADR 0084): server/adapters/age-wallet/env.ts.
  ...AGE_WALLET_ENV,
  ARES_URL: urlWithProtocol(["https:", "http:"]).default("https://ares.gov.cz/ekonomicke-subjekty-v-be/rest"),
  ARES_SIMULATOR: z.enum(["true", "false"]).optional(),
  ARES_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  BANK_ID_SIMULATOR: z.enum(["true", "false"]).optional(),
  BANK_ID_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  BANK_ID_ISSUER: urlWithProtocol(["https:"]).optional(),
  BANK_ID_CLIENT_ID: z.string().min(1).optional(),
  BANK_ID_CLIENT_SECRET: z.string().min(8).optional(),
  AGE_CHECK_SALT: z.string().min(32, "must be at least 32 characters").optional(),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  TERMS_MEMORY: z.enum(["on", "off"]).default("on"),
  ...METRICS_ENV,
  ...STORAGE_ENV,
  ...PUSH_ENV,
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  ...INSTANCES_ENV,
  // A fail point for the crash tests only (server/modules/bidding/close-crash.test.ts): ignored
  // unless NODE_ENV=test.
  TEST_CRASH_AFTER_AUCTION_CLOSES: z.coerce.number().int().min(1).optional(),
  REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  /**
   * PUBLIC_URL was set: the site has one public origin, which is then also the origin of every
   * request as the web app sees it (a TLS-terminating proxy in front talks plain http to us).
   */
  publicUrlSet: boolean;
  /**
   * TRUSTED_PROXIES: the addresses (IPs, CIDR ranges, loopback | linklocal | uniquelocal) of the
   * proxies in front of the server, whose X-Forwarded-For/-Proto/-Host are believed
   * (server/http/trusted-proxies.ts). Empty: no forwarded header is believed.
   */
  trustedProxies: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  seedDemo: boolean;
  /** The /dev/outbox page (without SMTP_URL only); off in production unless DEV_OUTBOX=true. */
  devOutbox: boolean;
  tagManagerId: string | undefined;
  recaptchaSiteKey: string | undefined;
  /** reCAPTCHA v3 server side: set together with the site key (loadConfig refuses one without the other). */
  recaptcha: { secret: string; verifyUrl: string; minScore: number } | undefined;
  /**
   * Signs the ALTCHA challenges (ADR 0013) and keys the shared rate limits' hashes (ADR 0095). Unset:
   * a server draws its own (its workers share it); INSTANCES > 1 in production requires it.
   */
  altchaHmacKey: string;
  /**
   * Keys the hashes of the devices and addresses signed-in accounts are seen with (the shill-bidding
   * signals, ADR 0087). Unset: one drawn once and kept in DATA_DIR (one instance only).
   */
  fingerprintHmacKey: string | undefined;
  /** An HTTP SMS gateway (server/adapters/sms.ts); unset: codes go to the log and the SMS outbox. */
  smsGateway: { url: string; token: string | undefined } | undefined;
  /**
   * The account bank transfers go to (QR payment), overriding the `contacts` setting's
   * `bank_account` (the operator's account as the back office keeps it).
   */
  bankAccountIban: string | undefined;
  /**
   * The test card gateway (a page that pays or fails a payment): only with PAYMENTS_TEST_GATEWAY=true
   * (`npm start`'s demo and the test setups ask for it), since it lets anyone "pay" for nothing.
   * `secret` signs its notifications; without TEST_GATEWAY_SECRET each process draws its own.
   */
  testGateway: { secret: string } | undefined;
  /**
   * The payment provider of deals between collectors (ADR 0074): Stripe Connect with
   * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (STRIPE_API_BASE: another address of its API), or
   * the local simulator with MARKETPLACE_SIMULATOR=true (the demo and the browser tests), started
   * on MARKETPLACE_SIMULATOR_PORT (0: a free one) with the STRIPE_* keys if set, else its own.
   * Unset: deals are not paid through the site.
   */
  marketplace: MarketplaceConfig;
  /**
   * The EU age attestation (ADR 0084): a real wallet (AGE_WALLET_URL, AGE_WALLET_TRUSTED_ISSUERS,
   * AGE_WALLET_CLIENT_ID) or the local simulator (AGE_WALLET_SIMULATOR=true); unset: no wallet path.
   */
  ageWallet: AgeWalletConfig;
  push: PushConfig; // Web push (ADR 0110): VAPID keys, contact, simulator (adapters/push/env.ts).
  /**
   * The Czech business register the traders' IČO is checked against (issue 36, ADR 0085): ARES's
   * REST API at ARES_URL (by default the real one), or with ARES_SIMULATOR=true the local simulator
   * (server/adapters/ares/simulator) on ARES_SIMULATOR_PORT (0: a free one), started by the process
   * entry, which then sets `url` to it.
   */
  ares: { url: string } | { simulator: { port: number } };
  /**
   * The bank identity of the age check (issue 36, ADR 0083): a real OpenID provider in Bank iD's
   * shape with BANK_ID_ISSUER, BANK_ID_CLIENT_ID and BANK_ID_CLIENT_SECRET, or the local simulator
   * with BANK_ID_SIMULATOR=true on BANK_ID_SIMULATOR_PORT (0: a free one). Unset: no bank identity.
   */
  bankIdentity: BankIdentityConfig;
  /**
   * Salts the hash of an age proof's subject (AGE_CHECK_SALT). Without it a value kept in
   * <DATA_DIR>/age-check-salt (made at the first start), so the limit per identity survives restarts.
   */
  ageCheckSalt: string | undefined;
  /**
   * The anonymous page cache (server/http/page-cache.ts, ADR 0027); PAGE_CACHE=off is for the
   * benchmarks only (bench/page-cost.ts measures what a page costs to render when nobody was
   * served it before): every anonymous page is then rendered, with the same headers.
   */
  pageCache: boolean;
  /**
   * The live listing terms in memory (ADR 0129): pages filtered by attributes matched and counted
   * there; TERMS_MEMORY=off takes the SQL path of ADR 0107 (to compare the two).
   */
  termsMemory: boolean;
  /** Prometheus metrics (ADR 0093): a bearer token for /metrics and/or a listener of their own. */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** Where uploads live (ADR 0094): DATA_DIR (STORAGE=local, the default) or an S3 bucket (STORAGE=s3). */
  storage: StorageConfig;
  /**
   * Node processes serving the site (node:cluster, server/workers.ts, ADR 0035): WORKERS, by
   * default the machine's CPUs in production on PostgreSQL and 1 otherwise. The embedded database
   * serves one process only.
   */
  workers: number;
  replica: ReplicaConfig; // Reads that may be a second stale (DATABASE_REPLICA_URL, ADR 0099).
  instances: number; // Servers on this database, each with its workers (INSTANCES, ADR 0095).
  drainMs: number; // Serving on after SIGTERM before the listener closes (DRAIN_SECONDS, ADR 0096).
  /** The crash test's fail point (NODE_ENV=test only): see server/wiring/listings-and-auctions.ts. */
  crashAfterAuctionCloses?: number;
  /**
   * Complete registrations one address may attempt per hour; unset: the product's limit (10, ADR
   * 0010). Raised only where many accounts come from one address on purpose: the browser tests'
   * server (scripts/e2e-server.ts, ADR 0066).
   */
  registrationsPerIpHour: number | undefined;
};

export type { BankIdentityConfig };

export type MarketplaceConfig =
  | { apiKey: string; webhookSecret: string; apiBase: string | undefined }
  | { simulator: { port: number; apiKey: string; webhookSecret: string } }
  | undefined;

export class ConfigError extends Error {}

/** Empty strings count as unset, as in most .env tooling. */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== "") out[key] = value;
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(cleanEnv(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`);
  }
  const e = parsed.data;
  refuseCombinations(e);
  const outside = outsideServices(e);
  let trustedProxies: string[];
  try {
    trustedProxies = parseTrustedProxies(e.TRUSTED_PROXIES ?? "");
  } catch (error) {
    throw new ConfigError(
      `Invalid TRUSTED_PROXIES=${JSON.stringify(e.TRUSTED_PROXIES)}: ${(error as Error).message}`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    trustedProxies,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    // Demo data never lands in a production database unless asked for (`npm start` asks).
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : e.NODE_ENV !== "production",
    devOutbox: e.DEV_OUTBOX ? e.DEV_OUTBOX === "true" : e.NODE_ENV !== "production",
    tagManagerId: e.TAG_MANAGER_ID,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    recaptcha: e.RECAPTCHA_SECRET
      ? { secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL, minScore: e.RECAPTCHA_MIN_SCORE }
      : undefined,
    altchaHmacKey: e.ALTCHA_HMAC_KEY ?? randomBytes(32).toString("hex"),
    fingerprintHmacKey: e.FINGERPRINT_HMAC_KEY,
    smsGateway: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
    bankAccountIban: e.BANK_ACCOUNT_IBAN ? (normalizeIban(e.BANK_ACCOUNT_IBAN) ?? undefined) : undefined,
    testGateway:
      e.PAYMENTS_TEST_GATEWAY === "true"
        ? { secret: e.TEST_GATEWAY_SECRET ?? randomBytes(32).toString("hex") }
        : undefined,
    ...outside,
    pageCache: e.PAGE_CACHE === "on",
    termsMemory: e.TERMS_MEMORY === "on",
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    // The simulators run in one process: with one, one process unless WORKERS says more (refused).
    workers:
      e.WORKERS ??
      (e.NODE_ENV === "production" && e.DATABASE_URL && !inProcessSimulator(outside)
        ? os.availableParallelism()
        : 1),
    replica: oneLine(() => replicaConfig(e), ReplicaEnvError),
    instances: e.INSTANCES,
    drainMs: e.DRAIN_SECONDS * 1000,
    crashAfterAuctionCloses: e.NODE_ENV === "test" ? e.TEST_CRASH_AFTER_AUCTION_CLOSES : undefined,
    registrationsPerIpHour: e.REGISTRATIONS_PER_IP_HOUR,
  };
}

type Env = z.infer<typeof envSchema>;

/** Settings that make no sense together: a start-up error, never a half-working site. */
function refuseCombinations(e: Env): void {
  // A site key without its secret would show Google's check but never verify it; the reverse
  // would verify tokens nobody can produce. Either mistake is a start-up error.
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET)) {
    const missing = e.RECAPTCHA_SITE_KEY ? "RECAPTCHA_SECRET" : "RECAPTCHA_SITE_KEY";
    throw new ConfigError(
      `Invalid ${missing}="": RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET must be set together`,
    );
  }
  const processes = processesProblem(e);
  if (processes) throw new ConfigError(processes);
  // Each serving process starts its own simulator: one fixed port would be taken twice.
  if (e.ARES_SIMULATOR === "true" && (e.WORKERS ?? 1) > 1 && e.ARES_SIMULATOR_PORT !== 0)
    throw new ConfigError(
      `Invalid ARES_SIMULATOR_PORT="${e.ARES_SIMULATOR_PORT}": with WORKERS > 1 each process starts its own simulator; use 0 (a free port)`,
    );
}

/** The outside services (payments, the age check's providers, ARES): real, simulated or none. */
function outsideServices(e: Env) {
  return {
    marketplace: marketplaceConfig(e),
    ageWallet: oneLine(() => ageWalletConfig(e), AgeWalletEnvError),
    ares: (e.ARES_SIMULATOR === "true"
      ? { simulator: { port: e.ARES_SIMULATOR_PORT } }
      : { url: e.ARES_URL }) as Config["ares"],
    bankIdentity: oneLine(() => bankIdentityConfig(e), BankIdentityEnvError),
    storage: oneLine(() => storageConfig(e), StorageEnvError),
    push: oneLine(() => pushConfig(e), PushEnvError),
    ageCheckSalt: e.AGE_CHECK_SALT,
  };
}

/** Whether a simulator that must stay in the serving process (its state in memory) is on. */
function inProcessSimulator(outside: ReturnType<typeof outsideServices>): boolean {
  const simulated = (service: object | null | undefined) => Boolean(service && "simulator" in service);
  return simulated(outside.marketplace) || simulated(outside.ageWallet) || simulated(outside.bankIdentity);
}

/**
 * The deals' payment provider from the environment. The simulator runs inside the serving process,
 * so several workers would each start one with its own state: that combination is refused rather
 * than passed around (the demo and the tests run one process).
 */
function marketplaceConfig(e: z.infer<typeof envSchema>): MarketplaceConfig {
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    const missing = e.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
    throw new ConfigError(
      `Invalid ${missing}="": STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together`,
    );
  }
  if (e.MARKETPLACE_SIMULATOR === "true") {
    if ((e.WORKERS ?? 1) > 1)
      throw new ConfigError(
        `Invalid WORKERS="${e.WORKERS}": the payment provider simulator (MARKETPLACE_SIMULATOR=true) runs in one process; set WORKERS=1`,
      );
    if (e.STRIPE_API_BASE)
      throw new ConfigError(
        `Invalid STRIPE_API_BASE=${JSON.stringify(e.STRIPE_API_BASE)}: the simulator (MARKETPLACE_SIMULATOR=true) is the API; unset one of them`,
      );
    return {
      simulator: {
        port: e.MARKETPLACE_SIMULATOR_PORT,
        apiKey: e.STRIPE_SECRET_KEY ?? `sk_test_${randomBytes(24).toString("hex")}`,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString("hex")}`,
      },
    };
  }
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)
    return {
      apiKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    };
  return undefined;
}

/** An adapter's environment mistakes (ADR 0083, 0084, 0094) as the start's one-line ConfigError. */
function oneLine<T>(read: () => T, kind: new (...args: never[]) => Error): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof kind ? new ConfigError(error.message) : error;
  }
}
