import { COMPLAINT_STATUSES, REPORT_STATUSES } from "../contracts/moderation.ts";
import { CREATED, defineLifecycle } from "./define.ts";

/**
 * The moderation lifecycles (docs/product/lifecycles.md, "Moderation"; DSA Art. 16, 17, 20): a
 * notice (report) about a listing, message or user is open until a moderator decides it; an
 * internal complaint about a decision is open until another moderator upholds or reverses it.
 * Both are decided once: a second decision finds them decided and changes nothing.
 */
export const reportLifecycle = defineLifecycle({
  name: "report",
  statuses: REPORT_STATUSES,
  transitions: {
    file: {
      from: CREATED,
      to: ["open"],
      by: "visitor, user",
      guard: "a notice with its reason and explanation",
    },
    decide: {
      from: ["open"],
      to: ["decided"],
      by: "moderator",
      guard:
        "a decision about its target (a restriction with its statement of reasons, or no action) settles every open notice of that target",
    },
  },
});

export const complaintLifecycle = defineLifecycle({
  name: "complaint",
  statuses: COMPLAINT_STATUSES,
  transitions: {
    lodge: {
      from: CREATED,
      to: ["open"],
      by: "affected user",
      guard: "about a decision that concerns them, within 6 months of it",
    },
    uphold: {
      from: ["open"],
      to: ["upheld"],
      by: "moderator",
      guard: "a staff member other than the one who decided (Art. 20(6)) keeps the decision",
    },
    reverse: {
      from: ["open"],
      to: ["reversed"],
      by: "moderator",
      guard:
        "a staff member other than the one who decided reverses it: the restriction is lifted (a rejected listing reinstated)",
    },
  },
});
