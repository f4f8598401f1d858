import { z } from "zod";

/** A message's length once cleaned (the messages service checks it); the API takes twice that raw. */
export const MESSAGE_MAX = 2000;
/** A report's reason, as stored. */
export const REPORT_REASON_MAX = 500;

const required = { error: "validation.required", abort: true } as const;

/**
 * A reply in a conversation: the thread's reply box and POST /api/messages/threads/{id}/messages.
 * The service cleans the text (control characters, line ends) and checks its length after that.
 */
export const ReplySchema = z.object({
  body: z
    .string(required)
    .min(1, required)
    .max(MESSAGE_MAX * 2)
    .meta({ example: "Dobrý den, je láhev ještě k mání?" }),
});

/** Reporting another user's message to the operator (the reason is optional). */
export const ReportSchema = z.object({
  reason: z
    .string()
    .max(REPORT_REASON_MAX * 2)
    .optional(),
});

/**
 * The open thread's forms on the inbox page (app/routes/account/messages.tsx): the reply box, a
 * message's report button, and the thread's buttons (block, unblock, delete, mark sold).
 */
export const ThreadActionSchema = z.discriminatedUnion("intent", [
  ReplySchema.extend({ intent: z.literal("reply") }),
  ReportSchema.extend({ intent: z.literal("report"), messageId: z.number().int().positive() }),
  z.object({ intent: z.literal("block") }),
  z.object({ intent: z.literal("unblock") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("sold") }),
]);
export type ThreadActionInput = z.infer<typeof ThreadActionSchema>;
