import type { FormReply } from "#app/ui/forms/conform.ts";

/** What the open thread's forms get back from the inbox page's action (app/routes/account/messages.tsx). */
export type ThreadActionData =
  | { intent: "reply"; ok: true }
  /** A refused reply: Conform's reply, the reason at the body. */
  | { intent: "reply"; ok: false; result: FormReply }
  | { intent: "report"; ok: boolean; messageId: number; message: string }
  | { intent: "sold" | "block" | "unblock"; ok: boolean; message: string }
  /**
   * A payment request sent, answered or refused (app/routes/account/messages-request.server.ts):
   * the send form's field errors and what was typed, when it was not valid.
   */
  | {
      intent: "request";
      ok: boolean;
      message: string;
      errors?: Partial<Record<"price" | "carrier" | "deliveryPrice" | "pickupTown", string>>;
      values?: Record<"price" | "carrier" | "deliveryPrice" | "pickupTown", string>;
    };
