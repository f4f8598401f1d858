import { and, isNull, type SQL, sql } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import { AddressRequestSchema } from "#core/schemas/account.ts";
import { issuesToFieldProblems } from "#core/validation/field-errors.ts";
import type { Db } from "#server/db/client.ts";
import type { RateLimiter } from "#server/lib/rate-limit.ts";
import { users } from "../users/tables.ts";

/** Ok: accepted (whether or not the address has an account). */
export type AddressRequestResult =
  | Ok<undefined>
  | Err<"invalid", { problems: FieldProblems }>
  | Err<"limited", { retryAfterSeconds: number }>;

/** Who a link mail goes to. */
export type LinkRecipient = {
  id: number;
  email: string;
  username: string;
  firstname: string | null;
  locale: string | null;
};

/**
 * The steps such forms share: the address is checked, the asker's IP is limited (with a visible
 * "too many"), the address is limited silently, and the active account of that address is looked
 * up, narrowed by `also` (for example "not confirmed yet"). The answer is "accepted" whether or not
 * an account was found, so nobody learns who is registered; only `recipient` says whom to mail.
 */
export async function acceptAddressRequest(
  db: Db,
  raw: Record<string, unknown>,
  meta: { ip: string },
  limits: { perIp: RateLimiter; perEmail: RateLimiter },
  also?: SQL,
): Promise<{ answer: AddressRequestResult; recipient: LinkRecipient | null }> {
  const parsed = AddressRequestSchema.safeParse(raw);
  if (!parsed.success)
    return {
      answer: err("invalid", { problems: issuesToFieldProblems(parsed.error.issues) }),
      recipient: null,
    };
  if (!limits.perIp.attempt(meta.ip))
    return {
      answer: err("limited", { retryAfterSeconds: limits.perIp.retryAfterSeconds(meta.ip) }),
      recipient: null,
    };
  const email = parsed.data.email;
  const accepted = ok();
  if (!limits.perEmail.attempt(email.toLowerCase())) return { answer: accepted, recipient: null };
  const [recipient] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstname: users.firstname,
      locale: users.locale,
    })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deletedAt),
        isNull(users.blockedAt),
        also,
      ),
    )
    .limit(1);
  return { answer: accepted, recipient: recipient ?? null };
}
