import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The simulator's whole state: the Stripe objects it made (stored as it answers them), what it
 * keeps to itself about them, the platform's balance, the idempotency records and the events.
 * With a data directory it is written to `state.json` after every change, before the answer
 * leaves (temp file + rename, so a crash leaves the old or the new file, never half of one): the
 * app and the simulator can restart and still agree on what was paid.
 */
export type StripeObject = { id: string; object: string; [key: string]: unknown };

export type SimEvent = StripeObject & {
  type: string;
  created: number;
  data: { object: StripeObject };
};

export type Delivery = {
  eventId: string;
  attempts: number;
  delivered: boolean;
  gaveUp: boolean;
  lastStatus: number | null;
  lastError: string | null;
};

export type SimState = {
  accounts: Record<string, StripeObject>;
  accountLinks: Record<string, { id: string; account: string; returnUrl: string; refreshUrl: string }>;
  customers: Record<string, StripeObject>;
  sessions: Record<string, StripeObject>;
  /** What the page needs and Stripe does not answer: the bank transfer's variable symbol. */
  sessionExtras: Record<string, { variableSymbol: string }>;
  paymentIntents: Record<string, StripeObject>;
  /** A charge id (`ch_…`) → its payment intent: transfers name the charge as their source. */
  charges: Record<string, string>;
  transfers: Record<string, StripeObject>;
  refunds: Record<string, StripeObject>;
  /** The platform's CZK balance in haléře (the simulator knows no other currency). */
  balance: { available: number; pending: number };
  /** `<key>` → the request it answered (method, path, body) and its answer. */
  idempotency: Record<string, { request: string; status: number; body: unknown }>;
  events: SimEvent[];
  deliveries: Record<string, Delivery>;
  /** The last variable symbol handed out: each bank-transfer session gets the next one. */
  lastVariableSymbol: number;
};

const emptyState = (): SimState => ({
  accounts: {},
  accountLinks: {},
  customers: {},
  sessions: {},
  sessionExtras: {},
  paymentIntents: {},
  charges: {},
  transfers: {},
  refunds: {},
  balance: { available: 0, pending: 0 },
  idempotency: {},
  events: [],
  deliveries: {},
  lastVariableSymbol: 2_026_000_000,
});

export type Store = {
  readonly state: SimState;
  /** Writes the state out (no-op in memory); called after every change, before answering. */
  save(): void;
};

export function openStore(dataDir: string | undefined): Store {
  const file = dataDir ? path.join(dataDir, "state.json") : undefined;
  let state = emptyState();
  if (file && fs.existsSync(file))
    state = { ...state, ...(JSON.parse(fs.readFileSync(file, "utf8")) as SimState) };
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  return {
    state,
    save() {
      if (!file) return;
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(state));
      fs.renameSync(temp, file);
    },
  };
}

/** A Stripe-looking id: `cs_test_` and 24 random letters and digits, `acct_` and 16… */
export function newId(prefix: string, length = 24): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return `${prefix}_${out}`;
}

export const unixNow = () => Math.floor(Date.now() / 1000);
