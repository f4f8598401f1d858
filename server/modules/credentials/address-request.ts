import type { FieldProblems } from "#core/contracts/errors.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { AddressRequestSchema } from "#core/schemas/account.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import { type AccountContact, accountByEmail } from "../users/index.ts";

/** Ok: accepted (whether or not the address has an account). */
export type AddressRequestResult =
  | Ok<undefined>
  | Err<"invalid", { problems: FieldProblems }>
  | Err<"limited", { retryAfterSeconds: number }>;

/**
 * The steps such forms share: the address is checked, the asker's IP is limited (with a visible
 * "too many"), the address is limited silently, and the active account of that address is looked
 * up (`unconfirmed`: only while its address is not confirmed). The answer is "accepted" whether or not
 * an account was found, so nobody learns who is registered; only `recipient` says whom to mail.
 */
export async function acceptAddressRequest(
  db: Db,
  raw: Record<string, unknown>,
  meta: { ip: string },
  limits: { perIp: RateLimiter; perEmail: RateLimiter },
  kind: "active" | "unconfirmed" = "active",
): Promise<{ answer: AddressRequestResult; recipient: AccountContact | null }> {
  const parsed = AddressRequestSchema.safeParse(raw);
  if (!parsed.success)
    return {
      answer: err("invalid", { problems: issuesToFieldProblems(parsed.error.issues) }),
      recipient: null,
    };
  if (!(await limits.perIp.attempt(meta.ip)))
    return {
      answer: err("limited", { retryAfterSeconds: await limits.perIp.retryAfterSeconds(meta.ip) }),
      recipient: null,
    };
  const email = parsed.data.email;
  const accepted = ok();
  if (!(await limits.perEmail.attempt(email.toLowerCase()))) return { answer: accepted, recipient: null };
  const recipient = await accountByEmail(db, email, kind);
  return { answer: accepted, recipient: recipient ?? null };
}
