import { createHash } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.ts";

/** Statement texts one connection keeps prepared; statements past it are sent unnamed, as before. */
export const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * The pool's session settings: every run of a prepared statement planned for its own values (but
 * see GENERIC_PLAN), and no parallel plans: a search's stretches (ADR 0045) are the branches of a
 * UNION ALL that must run in order, which a Parallel Append does not do; on a server answering
 * many requests at once, parallel workers only take cores from the other requests (ADR 0050).
 */
export const POSTGRES_SESSION_OPTIONS =
  "-c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0";

/**
 * A statement whose text starts with this comment, or whose name (a Drizzle `.prepare(name)`)
 * starts with GENERIC_PLAN_NAME, is run with one generic plan per connection, planned once
 * (ADR 0050): for statements whose best plan does not depend on their values (a product by its
 * id, a category's newest cards), planning cost more than running (the category page's cards:
 * 1.2 ms of 1.8). The connection switches `plan_cache_mode` only when the kind of statement changes.
 */
export const GENERIC_PLAN = "/* generic plan */ ";
export const GENERIC_PLAN_NAME = "generic_";

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown; values?: unknown };

/** Whether a statement asks for a generic plan (GENERIC_PLAN), and whether it has parameters. */
function planKind(config: unknown, values: unknown): { generic: boolean; parameterised: boolean } {
  const query = (typeof config === "string" ? { text: config } : (config ?? {})) as QueryConfig;
  const parameters = Array.isArray(values) ? values : query.values;
  const generic =
    (typeof query.text === "string" && query.text.startsWith(GENERIC_PLAN)) ||
    (typeof query.name === "string" && query.name.startsWith(GENERIC_PLAN_NAME));
  return { generic, parameterised: Array.isArray(parameters) && parameters.length > 0 };
}

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

/** The parts of pg's Query (lib/query.js, pg 8.x) that ModeSettingQuery uses; pg's types omit them. */
type PgQuery = {
  text: string;
  name?: string;
  types?: unknown;
  values?: unknown;
  callback?: (error: Error | undefined, result: unknown) => void;
  submit(connection: PgConnection): Error | null;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
};
type PgConnection = {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(message: { text: string; name?: string; types?: unknown }): void;
  bind(message: object): void;
  execute(message: object): void;
};
const PgQueryClass = pg.Query as unknown as new (config: object, values?: unknown[]) => PgQuery;

/**
 * A named statement preceded by a statement without parameters (the SET of plan_cache_mode),
 * both in the extended protocol's messages of one write, before one Sync: [Parse the statement
 * if this connection has not], Parse/Bind/Execute the SET (the unnamed statement and portal),
 * then pg's own Bind/Describe/Execute/Sync of the statement. PostgreSQL answers [ParseComplete],
 * ParseComplete, BindComplete, the SET's CommandComplete (dropped here), then the statement's
 * answers and one ReadyForQuery: pg sees one query. The statement's Parse goes first so that the
 * first ParseComplete is its own (pg records the name as parsed on it). Both run in one implicit
 * transaction: an error in the statement undoes the SET (the client then forgets the mode).
 */
class ModeSettingQuery extends PgQueryClass {
  readonly #setMode: string;
  #setAnswered = false;

  constructor(config: object, values: unknown[] | undefined, setMode: string) {
    super(config, values);
    this.#setMode = setMode;
  }

  override submit(connection: PgConnection): Error | null {
    const name = this.name;
    const previous = name
      ? (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name])
      : undefined;
    // pg's own checks (a name reused for another text, values that are not an array) answer
    // before anything is written; an unnamed statement would take the SET's unnamed statement.
    if (
      !name ||
      (previous !== undefined && previous !== this.text) ||
      (this.values && !Array.isArray(this.values))
    )
      return super.submit(connection);
    connection.stream.cork?.();
    try {
      if (previous === undefined) {
        connection.parse({ text: this.text, name, types: this.types });
        connection.submittedNamedStatements[name] = this.text;
      }
      connection.parse({ text: this.#setMode, name: "" });
      connection.bind({});
      connection.execute({});
      return super.submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  }

  override handleCommandComplete(message: unknown, connection: PgConnection) {
    if (!this.#setAnswered) {
      this.#setAnswered = true;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}

/**
 * A PostgreSQL connection that prepares each parameterised statement once, under a name derived
 * from its text, and from then on only binds and executes it. Unnamed, every statement was parsed
 * and planned again on every request: on a product page at 100 000 products, parsing and planning
 * its 12 statements took some 4 of the 5 ms its PostgreSQL backend spent, executing them under 1
 * (server logs, ADR 0041). A prepared statement is parsed once per connection. It is still planned
 * for its values on every run: the pool sets `plan_cache_mode = force_custom_plan`
 * (POSTGRES_SESSION_OPTIONS), because a generic plan, made without the values, read the dashboard's
 * two weeks of new products through a bitmap five times slower than the custom plan's index.
 * Statements marked GENERIC_PLAN, checked to have one good plan for all values, are planned once.
 *
 * Only statements with parameters are named (a text without them may hold several statements,
 * which the extended protocol refuses: migrations, `begin; …`). A connection keeps at most
 * MAX_PREPARED_PER_CONNECTION names, so texts that vary (an `in (…)` of varying length) cannot grow
 * a backend's memory without bound. A schema change makes PostgreSQL re-plan by itself.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();
  /** The session's plan_cache_mode as this client last set it; undefined after a rollback. */
  #generic: boolean | undefined = false;

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query is overloaded; this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === "object" && typeof config?.submit === "function")
      return super.query(config, values, callback);
    const setMode = this.#planMode(config, values);
    const named = this.#named(config, values);
    // Named here, or by the caller (a Drizzle `.prepare(name)`): the SET can go in its round trip.
    const withName =
      named ?? (typeof config?.name === "string" && typeof config.text === "string" ? config : null);
    if (setMode && withName && withName.rows === undefined && typeof values !== "function")
      return this.#queryWithMode(withName, values, callback, setMode);
    if (setMode) super.query(setMode).catch(() => this.#modeUnknown());
    return named ? super.query(named, values, callback) : super.query(config, values, callback);
  }

  /**
   * The SET of plan_cache_mode a parameterised statement of the other kind needs first, or null.
   * A rollback may undo a SET made in its transaction, so after one the mode is set again before
   * the next parameterised statement.
   */
  #planMode(config: unknown, values: unknown): string | null {
    const text = typeof config === "string" ? config : (config as QueryConfig | null)?.text;
    if (typeof text === "string" && /^\s*rollback\b/i.test(text)) {
      this.#generic = undefined;
      return null;
    }
    const { generic, parameterised } = planKind(config, values);
    if (!parameterised || generic === this.#generic) return null;
    this.#generic = generic;
    return `set plan_cache_mode = ${generic ? "force_generic_plan" : "force_custom_plan"}`;
  }

  #modeUnknown() {
    this.#generic = undefined;
  }

  /**
   * A named statement with the SET of plan_cache_mode written in front of its own messages, in one
   * write and answered in one round trip (ModeSettingQuery, ADR 0058), instead of the SET's own
   * round trip before it. Any error leaves the mode unknown: it may have undone the SET.
   */
  // biome-ignore lint/suspicious/noExplicitAny: a pg query config and pg's callback.
  #queryWithMode(config: any, values: unknown, callback: any, setMode: string): any {
    const query = new ModeSettingQuery(config, Array.isArray(values) ? values : undefined, setMode);
    let answered = false;
    const settle = (
      error: Error | undefined,
      result: unknown,
      done: (error?: Error, result?: unknown) => void,
    ) => {
      // pg may report an error and then the end of the same statement: the first report counts.
      if (answered) return;
      answered = true;
      if (error) this.#modeUnknown();
      done(error, result);
    };
    if (typeof callback === "function") {
      query.callback = (error, result) => settle(error, result, callback);
      super.query(query as unknown as pg.Submittable);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      query.callback = (error, result) =>
        settle(error, result, (failure, answer) => (failure ? reject(failure) : resolve(answer)));
      super.query(query as unknown as pg.Submittable);
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: the same config object, with a name.
  #named(config: unknown, values: unknown): any {
    if (typeof config === "string") return this.#named({ text: config }, values);
    if (typeof config !== "object" || config === null) return null;
    const query = config as QueryConfig;
    if (typeof query.text !== "string" || query.name !== undefined || typeof query.submit === "function")
      return null;
    const parameters = Array.isArray(values) ? values : (config as { values?: unknown }).values;
    if (!Array.isArray(parameters) || parameters.length === 0) return null;
    const name = statementName(query.text);
    if (!this.#prepared.has(name)) {
      if (this.#prepared.size >= MAX_PREPARED_PER_CONNECTION) return null;
      this.#prepared.add(name);
    }
    return { ...query, name };
  }
}

/** A statement's text or config with GENERIC_PLAN in front of its text. */
function markedGeneric(config: unknown): unknown {
  if (typeof config === "string") return config.startsWith(GENERIC_PLAN) ? config : GENERIC_PLAN + config;
  const text = (config as QueryConfig | null)?.text;
  if (typeof text !== "string" || text.startsWith(GENERIC_PLAN)) return config;
  return { ...(config as object), text: GENERIC_PLAN + text };
}

const genericDbs = new WeakMap<pg.Pool, object>();

/**
 * The same database with every statement marked GENERIC_PLAN (ADR 0050), for a caller whose
 * statements are lookups by key (a product page's images, bids, accounts): each one's plan is the
 * same for every value, so it is planned once per connection and the connection need not switch
 * plan_cache_mode between them and the page's other marked statements. A transaction on it runs
 * unmarked (its connection is the pool's own). PGlite's database is returned as it is.
 */
export function genericPlans<D extends object>(db: D): D {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return db;
  let marked = genericDbs.get(pool) as D | undefined;
  if (!marked) {
    // A pool to Drizzle (its transactions take a connection of their own), whose queries are marked.
    const client = Object.create(pool, {
      query: {
        value: (config: unknown, values?: unknown, callback?: unknown) =>
          // biome-ignore lint/suspicious/noExplicitAny: pg.Pool.query is overloaded; every form passes through.
          (pool.query as any)(markedGeneric(config), values, callback),
      },
      connect: { value: (...args: unknown[]) => (pool.connect as (...a: unknown[]) => unknown)(...args) },
    }) as pg.Pool;
    marked = drizzle({ client, schema }) as unknown as D;
    genericDbs.set(pool, marked);
  }
  return marked;
}
