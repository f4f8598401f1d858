import { CREATED, defineLifecycle } from "./define.ts";

/**
 * A bottling, the canonical record of one product (issue 37, item 3; docs/product/bottlings.md):
 * created by a seller from their listing ("none of these") or by the seed, active while it is the
 * record its listings link to; merged by a moderator into the duplicate that survives, whose page
 * its own then redirects to (301). A merge is final.
 *
 *   (new) -> active -> merged
 *
 * Only server/modules/bottlings/transitions.ts writes a bottling's status.
 */
export const BOTTLING_STATUSES = ["active", "merged"] as const;
export type BottlingStatus = (typeof BOTTLING_STATUSES)[number];

export const bottlingLifecycle = defineLifecycle({
  name: "bottling",
  statuses: BOTTLING_STATUSES,
  transitions: {
    create: {
      from: CREATED,
      to: ["active"],
      by: "seller",
      guard: "a seller's listing that matches none of the proposed bottlings (or the demo data)",
    },
    merge: {
      from: ["active"],
      to: ["merged"],
      by: "moderator",
      guard: "staff with the catalog scope, into another active bottling; links and watchers move to it",
    },
  },
});

export type BottlingTransition = keyof typeof bottlingLifecycle.transitions;
