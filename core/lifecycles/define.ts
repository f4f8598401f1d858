/**
 * One way to write a lifecycle (docs/architecture.md, "Lifecycles"; ADR 0017): its statuses and
 * its **named transitions**, each with the statuses it leaves, the ones it may reach, who makes it
 * and the rule (guard) beyond the table that the owner's transitions file checks. Everything else
 * is derived from that one definition: the legal moves, the statuses a row may be created in, the
 * final statuses, a guarded update's WHERE, and the table in docs/product/lifecycles.md
 * (`lifecycleTable`, kept equal to the doc by core/lifecycles/doc.test.ts).
 *
 * A transition whose `from` is `CREATED` creates the row in one of its `to` statuses. A transition
 * marked `reversal` (an internal complaint that reverses a moderator's decision) is named and
 * checked like any other but leaves a final status: it is not one of the ordinary moves, so
 * `isFinal` and `canTransition` do not count it.
 */

/** The `from` of a transition that creates the row. */
export const CREATED = "(new)" as const;

export type TransitionSpec<S extends string> = {
  readonly from: readonly S[] | typeof CREATED;
  readonly to: readonly S[];
  /** Who or what makes the move: seller, buyer, operator, moderator, system, gateway. */
  readonly by: string;
  /** When it happens and the rule beyond the table that allows it (checked by the owner). */
  readonly guard: string;
  /** Undoes a final status (an internal complaint's reversal); not an ordinary move. */
  readonly reversal?: true;
};

export type LifecycleSpec<S extends string, N extends string> = {
  /** The thing whose status it is: the prefix of every transition's name. */
  readonly name: string;
  readonly statuses: readonly S[];
  readonly transitions: { readonly [K in N]: TransitionSpec<S> };
};

/** An illegal move: `from` null = creating a row in a status its transition may not start in. */
export class IllegalTransitionError extends Error {
  readonly lifecycle: string;
  readonly transition: string | null;
  readonly from: string | null;
  readonly to: string;
  constructor(lifecycle: string, transition: string | null, from: string | null, to: string) {
    const named = transition ? ` (${lifecycle}.${transition})` : "";
    super(`Illegal ${lifecycle} transition ${from ?? CREATED} -> ${to}${named}`);
    this.lifecycle = lifecycle;
    this.transition = transition;
    this.from = from;
    this.to = to;
  }
}

export type Lifecycle<S extends string, N extends string> = {
  readonly name: string;
  readonly statuses: readonly S[];
  readonly transitions: { readonly [K in N]: TransitionSpec<S> };
  /** The ordinary moves from each status (creations and reversals left out). */
  readonly moves: Readonly<Record<S, readonly S[]>>;
  /** The statuses a row may be created in. */
  readonly initial: readonly S[];
  canTransition(from: S, to: S): boolean;
  /** Throws unless `from -> to` is an ordinary move. */
  assertTransition(from: S, to: S): void;
  /**
   * The named transition `name` applied to a row in `from`, reaching `to` (the transition's only
   * target when it has one): returns `to`, or throws IllegalTransitionError.
   */
  move(name: N, from: S, to?: S): S;
  /** The status a row is created in by the creating transition `name` (`to` when it has several). */
  create(name: N, to?: S): S;
  /** The statuses `name` leaves: a guarded update's WHERE (`status in (…)`). */
  sources(name: N): readonly S[];
  /** The statuses from which some ordinary move reaches `to`. */
  statusesBefore(to: S): S[];
  isFinal(status: S): boolean;
};

export function defineLifecycle<const S extends string, const N extends string>(
  spec: LifecycleSpec<S, N>,
): Lifecycle<S, N> {
  const entries = Object.entries(spec.transitions) as [N, TransitionSpec<S>][];
  for (const [name, transition] of entries) {
    const used = [...transition.to, ...(transition.from === CREATED ? [] : transition.from)];
    const unknown = used.find((status) => !spec.statuses.includes(status));
    if (unknown) throw new Error(`${spec.name}.${name} names an unknown status ${unknown}`);
    if (transition.to.length === 0) throw new Error(`${spec.name}.${name} reaches no status`);
  }

  const moves = Object.fromEntries(spec.statuses.map((status) => [status, [] as S[]])) as Record<S, S[]>;
  const initial: S[] = [];
  for (const [, transition] of entries) {
    if (transition.from === CREATED) {
      for (const to of transition.to) if (!initial.includes(to)) initial.push(to);
      continue;
    }
    if (transition.reversal) continue;
    for (const from of transition.from)
      for (const to of transition.to) if (!moves[from].includes(to)) moves[from].push(to);
  }

  const canTransition = (from: S, to: S) => moves[from]?.includes(to) ?? false;
  const target = (name: N, to: S | undefined): S => {
    const transition = spec.transitions[name];
    const reached = to ?? (transition.to.length === 1 ? transition.to[0] : undefined);
    if (reached === undefined)
      throw new Error(`${spec.name}.${name} needs its target: one of ${transition.to.join(", ")}`);
    return reached;
  };

  return {
    name: spec.name,
    statuses: spec.statuses,
    transitions: spec.transitions,
    moves,
    initial,
    canTransition,
    assertTransition(from, to) {
      if (!canTransition(from, to)) throw new IllegalTransitionError(spec.name, null, from, to);
    },
    move(name, from, to) {
      const transition = spec.transitions[name];
      const reached = target(name, to);
      if (transition.from === CREATED || !transition.from.includes(from) || !transition.to.includes(reached))
        throw new IllegalTransitionError(spec.name, name, from, reached);
      return reached;
    },
    create(name, to) {
      const transition = spec.transitions[name];
      const reached = target(name, to);
      if (transition.from !== CREATED || !transition.to.includes(reached))
        throw new IllegalTransitionError(spec.name, name, null, reached);
      return reached;
    },
    sources(name) {
      const from = spec.transitions[name].from;
      return from === CREATED ? [] : from;
    },
    statusesBefore(to) {
      return spec.statuses.filter((from) => canTransition(from, to));
    },
    isFinal(status) {
      return moves[status].length === 0;
    },
  };
}

/**
 * The lifecycle's named transitions as a Markdown table, as docs/product/lifecycles.md shows
 * them between `<!-- lifecycle:NAME:start -->` and `<!-- lifecycle:NAME:end -->`.
 */
export function lifecycleTable(lifecycle: {
  name: string;
  transitions: Readonly<Record<string, TransitionSpec<string>>>;
}): string {
  const code = (statuses: readonly string[]) => statuses.map((status) => `\`${status}\``).join(", ");
  const rows = Object.entries(lifecycle.transitions).map(([name, t]) => [
    `\`${lifecycle.name}.${name}\``,
    t.from === CREATED ? CREATED : code(t.from),
    code(t.to),
    t.by,
    t.reversal ? `${t.guard} (a reversal)` : t.guard,
  ]);
  const header = ["Transition", "From", "To", "By", "When, and the rule beyond the table"];
  const cells = [header, ...rows].map((row) => row.map((cell) => cell.replaceAll("|", "\\|")));
  // Padded to each column's width, as the repository's Markdown formatter (biome) lays tables out.
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => row[column].length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  const rule = `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join("\n");
}
