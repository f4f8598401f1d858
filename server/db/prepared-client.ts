import { createHash } from "node:crypto";
import pg from "pg";

/** Statement texts one connection keeps prepared; statements past it are sent unnamed, as before. */
export const MAX_PREPARED_PER_CONNECTION = 500;

/** The pool's session settings: every run of a prepared statement planned for its own values. */
export const POSTGRES_SESSION_OPTIONS = "-c plan_cache_mode=force_custom_plan";

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * A PostgreSQL connection that prepares each parameterised statement once, under a name derived
 * from its text, and from then on only binds and executes it. Unnamed, every statement was parsed
 * and planned again on every request: on a product page at 100 000 products, parsing and planning
 * its 12 statements took some 4 of the 5 ms its PostgreSQL backend spent, executing them under 1
 * (server logs, ADR 0041). A prepared statement is parsed once per connection. It is still planned
 * for its values on every run: the pool sets `plan_cache_mode = force_custom_plan`
 * (POSTGRES_SESSION_OPTIONS), because a generic plan, made without the values, read the dashboard's
 * two weeks of new products through a bitmap five times slower than the custom plan's index.
 *
 * Only statements with parameters are named (a text without them may hold several statements,
 * which the extended protocol refuses: migrations, `begin; …`). A connection keeps at most
 * MAX_PREPARED_PER_CONNECTION names, so texts that vary (an `in (…)` of varying length) cannot grow
 * a backend's memory without bound. A schema change makes PostgreSQL re-plan by itself.
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query is overloaded; this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    const named = this.#named(config, values);
    return named ? super.query(named, values, callback) : super.query(config, values, callback);
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
    const name = `s${createHash("sha1").update(query.text).digest("base64url").slice(0, 22)}`;
    if (!this.#prepared.has(name)) {
      if (this.#prepared.size >= MAX_PREPARED_PER_CONNECTION) return null;
      this.#prepared.add(name);
    }
    return { ...query, name };
  }
}
