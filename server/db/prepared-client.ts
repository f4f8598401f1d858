import { createHash } from "node:crypto";
import pg from "pg";

/**
 * PostgreSQL sessions through pg's public API only (ADR 0063): statements named through the
 * documented query config `{ name, text, values }`, session settings through the connection's
 * `options` parameter, and two pools, one per plan mode, instead of switching the mode per
 * statement.
 */

/** Statement texts one connection keeps prepared; statements past it are sent unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * No parallel plans on either pool: a search's stretches (ADR 0045) are the branches of a UNION ALL
 * that must run in order, which a Parallel Append does not do; on a server answering many requests
 * at once, parallel workers only take cores from the other requests (ADR 0050).
 */
const NO_PARALLEL_WORKERS = "-c max_parallel_workers_per_gather=0";

/**
 * The main pool's sessions: every run of a prepared statement planned for its own values. A generic
 * plan, made without them, read the dashboard's two weeks of new products through a bitmap five
 * times slower than the custom plan's index (ADR 0041).
 */
export const POSTGRES_SESSION_OPTIONS = `-c plan_cache_mode=force_custom_plan ${NO_PARALLEL_WORKERS}`;

/**
 * The sessions of `genericPlans(db)`: each prepared statement planned once per connection, without
 * its values, for the statements whose best plan does not depend on them (ADR 0050).
 */
export const GENERIC_SESSION_OPTIONS = `-c plan_cache_mode=force_generic_plan ${NO_PARALLEL_WORKERS}`;

/** Names of the statement texts seen, so a text is hashed once per process, not once per run. */
const statementNames = new Map<string, string>();
/** More texts than any pool keeps prepared; past it a name is computed each time (texts that vary). */
const MAX_NAMES_KEPT = 4 * MAX_PREPARED_PER_CONNECTION;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;
    if (statementNames.size < MAX_NAMES_KEPT) statementNames.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown; values?: unknown };

/**
 * A PostgreSQL connection that prepares each parameterised statement once, under a name derived
 * from its text: pg's documented named statements (a query config with `name`), which pg parses
 * once per connection and then only binds and executes. Unnamed, every statement was parsed and
 * planned again on every request: on a product page at 100 000 products, parsing and planning
 * its 12 statements took some 4 of the 5 ms its PostgreSQL backend spent (ADR 0041).
 *
 * It only adds `name` to the config it passes on to pg's own `query`; it reads and writes nothing
 * of pg's. Only statements with parameters are named (a text without them may hold several
 * statements, which the extended protocol refuses: migrations, `begin; …`); a statement its caller
 * named (a Drizzle `.prepare(name)`) keeps its name. A connection names at most
 * MAX_PREPARED_PER_CONNECTION texts, so texts that vary (an `in (…)` of varying length) cannot grow
 * a backend's memory without bound. A schema change makes PostgreSQL re-plan by itself.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query is overloaded; this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    return super.query(this.#named(config, values) ?? config, values, callback);
  }

  /** The config with a name for its text, or null when it stays as it is. */
  #named(config: unknown, values: unknown): QueryConfig | null {
    const query = (typeof config === "string" ? { text: config } : config) as QueryConfig | null;
    if (typeof query !== "object" || query === null) return null;
    if (typeof query.text !== "string" || query.name !== undefined || typeof query.submit === "function")
      return null;
    const parameters = Array.isArray(values) ? values : query.values;
    if (!Array.isArray(parameters) || parameters.length === 0) return null;
    const name = statementName(query.text);
    if (!this.#prepared.has(name)) {
      if (this.#prepared.size >= MAX_PREPARED_PER_CONNECTION) return null;
      this.#prepared.add(name);
    }
    return { ...query, name };
  }
}

/**
 * How long an idle connection is kept: 5 minutes, not pg's 10 seconds. A new backend loads the
 * catalogue's relations for its first statements (5 to 7 ms of planning for the first statement
 * on products, against 0.5 to 0.9 ms on a warm one) and the pool prepares every statement again,
 * so a site quiet for ten seconds, and each minute's jobs, paid that on every connection
 * (ADR 0122). An idle connection does not keep a script's process alive (allowExitOnIdle).
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * The two pools of a PostgreSQL database: the main one, planning every run for its values, and
 * the generic-plan one behind `genericPlans(db)`, half its size (it serves lookups by key, a part
 * of each page's statements). A pool only opens the connections its load needs.
 */
export function openPools(options: {
  url: string;
  max: number;
  onConnect: (client: pg.ClientBase) => Promise<void>;
  /** How long a new connection may take (a replica's, ADR 0099); pg's default (none) otherwise. */
  connectionTimeoutMillis?: number;
}): { main: pg.Pool; generic: pg.Pool } {
  const pool = (sessionOptions: string, max: number) => {
    const created = new pg.Pool({
      connectionString: options.url,
      max,
      Client: PreparingClient,
      options: sessionOptions,
      onConnect: options.onConnect,
      connectionTimeoutMillis: options.connectionTimeoutMillis,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      allowExitOnIdle: true,
    });
    // An idle client that errors (server restart) must not crash the process.
    created.on("error", () => {});
    return created;
  };
  return {
    main: pool(POSTGRES_SESSION_OPTIONS, options.max),
    generic: pool(GENERIC_SESSION_OPTIONS, Math.max(1, Math.ceil(options.max / 2))),
  };
}

const genericDbs = new WeakMap<object, object>();

/** Makes `genericPlans(db)` answer `generic`, the same database on the generic-plan pool. */
export function registerGenericPlans(db: object, generic: object): void {
  genericDbs.set(db, generic);
}

/**
 * The same database on sessions that plan each statement once, without its values (ADR 0050,
 * 0063), for a caller whose statements were checked to have one good plan for every value (a
 * product page's lookups by key, the facets over listing_counts). Any other database (PGlite's,
 * a transaction, one built by a test) is returned as it is and plans as before.
 */
export function genericPlans<D extends object>(db: D): D {
  return (genericDbs.get(db) as D | undefined) ?? db;
}
