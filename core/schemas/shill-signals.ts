import { z } from "zod";
import { SHILL_SIGNAL_KINDS } from "../contracts/shill-signals.ts";
import { SHILL_SIGNAL_STATUSES } from "../lifecycles/shill-signal.ts";
import { CONTROL_CHARACTER } from "../validation/text-input.ts";

/**
 * The moderators' inputs of the shill-bidding signals (ADR 0087): the list's filter (a GET form)
 * and the dismissal's note. Acting on a signal is moderation's decision (DecisionSchema).
 */

const empty = (value: unknown) => (value === "" ? undefined : value);

export const ShillSignalFilterSchema = z.object({
  kind: z.preprocess(empty, z.enum(SHILL_SIGNAL_KINDS).optional()).catch(undefined),
  status: z.preprocess(empty, z.enum(SHILL_SIGNAL_STATUSES).optional()).catch(undefined),
});

export const SHILL_NOTE_MIN = 3;
export const SHILL_NOTE_MAX = 2000;

export const ShillDismissSchema = z.object({
  note: z
    .string({ error: "validation.required" })
    .trim()
    .min(SHILL_NOTE_MIN, { error: "validation.required" })
    .max(SHILL_NOTE_MAX, { error: "moderation.errors.tooLong" })
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: "validation.controlCharacters" }),
});
