import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { NotificationListener } from "#server/db/listen.ts";
import { intArray } from "#server/db/sql-arrays.ts";
import type { Logger } from "#server/logger.ts";
import { TermsMemory, type TermsRow } from "./terms-memory.ts";

/**
 * The live listing terms in this process's memory (ADR 0129), loaded at the start and kept up to
 * date by the NOTIFY that `live_listing_terms_refresh` sends with the ids it wrote (or `*` for
 * more than a few hundred, and after a rebuild: everything is read again).
 *
 * **Read your writes, on every instance.** PostgreSQL hands a listener the notifications of
 * transactions in the order they committed. Before a page reads the memory, the index sends a
 * fence (a NOTIFY of its own on the same channel) and waits to hear it back: every change
 * committed before the page was asked for has then been heard, and its rows are read before the
 * page goes on. The fences of pages asked at the same time are one.
 *
 * While the memory is not loaded, or the LISTEN connection is lost (a change may go unheard),
 * `fresh()` answers null and the pages take the SQL path of ADR 0107.
 */
export type TermsIndex = {
  /** Listens, then loads; resolves once loaded (or failed: the SQL path answers meanwhile). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The memory with every change committed before the call applied; null when not available. */
  fresh(): Promise<TermsMemory | null>;
  /** `loading` (the SQL path answers meanwhile), `ready`, or `unavailable` (not started, failed, disconnected). */
  status(): "loading" | "ready" | "unavailable";
};

export const LIVE_LISTING_TERMS_CHANNEL = "live_listing_terms";
const FENCE = "fence:";
/** Rows read per statement while loading: keeps the driver's result small. */
const LOAD_BATCH = 20_000;
/** A fence not heard back within this time is given up: the page takes the SQL path. */
const FENCE_TIMEOUT_MS = 2_000;
/** Terms joined by the unit separator: one text to read instead of an array to parse. */
const SEPARATOR = "\u001f";

type RawRow = {
  product_id: number;
  category_id: number;
  sort_at: number;
  topped_until: number | null;
  demoted: boolean;
  terms: string;
};

const columns = sql`product_id, category_id, (extract(epoch from sort_at) * 1000)::float8 as sort_at,
  (extract(epoch from topped_until) * 1000)::float8 as topped_until, demoted,
  array_to_string(terms, ${SEPARATOR}) as terms`;

function rowOf(raw: RawRow): TermsRow {
  return {
    productId: Number(raw.product_id),
    categoryId: Number(raw.category_id),
    sortAt: Number(raw.sort_at),
    toppedUntil: raw.topped_until === null ? null : Number(raw.topped_until),
    demoted: raw.demoted === true,
    terms: raw.terms.split(SEPARATOR),
  };
}

const rowsOf = (result: unknown): RawRow[] =>
  (Array.isArray(result) ? result : ((result as { rows: RawRow[] }).rows ?? [])) as RawRow[];

/** Every row of live_listing_terms into a new memory, a batch at a time. */
async function loadAll(db: Db, logger?: Pick<Logger, "info">): Promise<TermsMemory> {
  const next = new TermsMemory();
  let after = 0;
  const started = performance.now();
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`select ${columns} from live_listing_terms
        where product_id > ${after} order by product_id limit ${LOAD_BATCH}`),
    );
    for (const raw of rows) next.set(Number(raw.product_id), rowOf(raw));
    if (rows.length < LOAD_BATCH) break;
    after = Number(rows[rows.length - 1].product_id);
  }
  logger?.info(
    { listings: next.size, ms: Math.round(performance.now() - started) },
    "live listing terms: loaded into memory",
  );
  return next;
}

/**
 * The fences of one index: `send()` NOTIFYs one on the channel and resolves true once it is heard
 * back (false: not heard in time, or not sent); pages asked in the same turn share one, and one
 * asked after it was sent waits for the next. `heard(payload)` is the listener's part.
 */
function fencesOf(db: Db) {
  const waiting = new Map<string, () => void>();
  // Every instance hears every fence: its own are told apart by this.
  const instance = randomUUID();
  let count = 0;
  let next: Promise<boolean> | null = null;
  const send = (): Promise<boolean> =>
    (next ??= new Promise<boolean>((resolve) => {
      setImmediate(() => {
        next = null;
        const payload = `${FENCE}${instance}:${++count}`;
        const done = (heard: boolean) => {
          clearTimeout(timer);
          waiting.delete(payload);
          resolve(heard);
        };
        const timer = setTimeout(() => done(false), FENCE_TIMEOUT_MS);
        waiting.set(payload, () => done(true));
        db.execute(sql`select pg_notify(${LIVE_LISTING_TERMS_CHANNEL}, ${payload})`).catch(() => done(false));
      });
    }));
  return { send, heard: (payload: string) => waiting.get(payload)?.() };
}

export function createTermsIndex(options: {
  db: Db;
  listener: NotificationListener;
  logger?: Pick<Logger, "info" | "warn">;
}): TermsIndex {
  return new LiveTermsIndex(options.db, options.listener, options.logger);
}

/** The ids a change's NOTIFY names (`*`: every listing, null). */
function idsOf(payload: string): number[] | null {
  if (payload === "*") return null;
  return payload
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

class LiveTermsIndex implements TermsIndex {
  private memory: TermsMemory | null = null;
  private connected = true;
  private stopped = false;
  private loading: Promise<void> | null = null;
  private reloadWanted = false;
  /** Ids heard and not yet read again. */
  private pending = new Set<number>();
  private applying: Promise<void> | null = null;
  private readonly stops: (() => Promise<void> | void)[] = [];
  private readonly fences: ReturnType<typeof fencesOf>;
  private readonly db: Db;
  private readonly listener: NotificationListener;
  private readonly logger?: Pick<Logger, "info" | "warn">;

  constructor(db: Db, listener: NotificationListener, logger?: Pick<Logger, "info" | "warn">) {
    this.db = db;
    this.listener = listener;
    this.logger = logger;
    this.fences = fencesOf(db);
  }

  async start() {
    if (this.stops.length > 0) return;
    this.stopped = false;
    this.stops.push(
      this.listener.onDisconnect(() => {
        this.connected = false;
      }),
      this.listener.onReconnect(() => {
        this.connected = true;
        void this.reload();
      }),
    );
    // Listening before the load: a change committed while it reads is heard and read again after.
    this.stops.push(await this.listener.listen(LIVE_LISTING_TERMS_CHANNEL, (payload) => this.heard(payload)));
    await this.reload();
  }

  async stop() {
    this.stopped = true;
    for (const stop of this.stops.splice(0)) await stop();
    this.memory = null;
  }

  async fresh() {
    if (!this.memory || !this.connected || this.loading) return null;
    if (!(await this.fences.send())) return null;
    await this.apply();
    return this.connected && !this.loading ? this.memory : null;
  }

  status() {
    if (this.loading) return "loading" as const;
    return this.memory && this.connected ? ("ready" as const) : ("unavailable" as const);
  }

  private heard(payload: string | undefined) {
    if (!payload) return;
    if (payload.startsWith(FENCE)) return this.fences.heard(payload);
    const ids = idsOf(payload);
    if (ids === null) void this.reload();
    else for (const id of ids) this.pending.add(id);
  }

  /** Loads (again), once at a time; a reload asked for meanwhile runs after. */
  private reload(): Promise<void> {
    if (this.loading) {
      this.reloadWanted = true;
      return this.loading;
    }
    this.memory = null;
    this.loading = (async () => {
      do {
        this.reloadWanted = false;
        this.pending = new Set();
        try {
          this.memory = await loadAll(this.db, this.logger);
        } catch (error) {
          this.memory = null;
          this.logger?.warn({ err: error }, "live listing terms: loading failed; pages use the SQL path");
          return;
        }
      } while (this.reloadWanted && !this.stopped);
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Reads the pending listings' rows again (absent: taken out). */
  private apply(): Promise<void> {
    if (this.applying) return this.applying.then(() => (this.pending.size > 0 ? this.apply() : undefined));
    const target = this.memory;
    if (this.pending.size === 0 || !target) return Promise.resolve();
    const ids = [...this.pending];
    this.pending = new Set();
    this.applying = (async () => {
      try {
        const rows = rowsOf(
          await this.db.execute(sql`select ${columns} from live_listing_terms
            where product_id = any(${intArray(ids)})`),
        );
        const found = new Map(rows.map((raw) => [Number(raw.product_id), raw]));
        for (const id of ids) {
          const raw = found.get(id);
          target.set(id, raw ? rowOf(raw) : null);
        }
      } catch (error) {
        this.logger?.warn({ err: error }, "live listing terms: a change could not be read; loading again");
        void this.reload();
      }
    })().finally(() => {
      this.applying = null;
    });
    return this.applying;
  }
}
