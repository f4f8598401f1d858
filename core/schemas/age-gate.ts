import { z } from "zod";

/** The age gate's "Yes" without scripts: the page to go back to (kept only when safe and local). */
export const AgeConfirmationSchema = z.object({ redirect: z.string().optional() });
