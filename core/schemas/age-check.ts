import { z } from "zod";
import { AGE_PROOF_METHODS } from "../contracts/age-proof.ts";

/**
 * The age-check page's form (app/routes/age-check.tsx): the chosen way of proving one's age, the
 * page to go back to (kept only when safe and local) and whether the check is for a guest's
 * current order (bound to that one checkout) rather than the account.
 */
export const AgeCheckStartSchema = z.object({
  method: z.enum(AGE_PROOF_METHODS, { message: "validation.required" }),
  returnTo: z.string().max(2000).optional(),
  forOrder: z.literal("1").optional(),
});
