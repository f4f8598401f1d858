import { CREATED, defineLifecycle } from "./define.ts";

/**
 * A shill-bidding signal (docs/product/trust.md, "Shill-bidding signals"; ADR 0087): the daily
 * check (or a moderator's "check now") finds a pattern between a bidder and a seller and lists it
 * with its evidence; a moderator dismisses it with a note or acts on it (a decision with a
 * statement of reasons, made through moderation). Nothing happens to an account by itself.
 *
 *   (new) -> new -> dismissed | acted;  dismissed -> new (new evidence: a lot not seen at dismissal)
 *
 * Only server/modules/shill-signals/transitions.ts writes a signal's status.
 */
export const SHILL_SIGNAL_STATUSES = ["new", "dismissed", "acted"] as const;
export type ShillSignalStatus = (typeof SHILL_SIGNAL_STATUSES)[number];

export const shillSignalLifecycle = defineLifecycle({
  name: "shill_signal",
  statuses: SHILL_SIGNAL_STATUSES,
  transitions: {
    detect: {
      from: CREATED,
      to: ["new"],
      by: "system",
      guard: "a pattern over its threshold between a bidder and a seller, with its evidence",
    },
    dismiss: { from: ["new"], to: ["dismissed"], by: "moderator", guard: "with a note why" },
    act: {
      from: ["new"],
      to: ["acted"],
      by: "moderator",
      guard: "a moderation decision with a statement of reasons about the bidder was made",
    },
    reopen: {
      from: ["dismissed"],
      to: ["new"],
      by: "system",
      guard: "new evidence: the pattern now covers a lot it did not when dismissed",
    },
  },
});

export type ShillSignalTransition = keyof typeof shillSignalLifecycle.transitions;
