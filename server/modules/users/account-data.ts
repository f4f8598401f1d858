import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { FieldErrors } from "#core/contracts/errors.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { issuesToFieldErrors } from "#core/validation/field-errors.ts";
import type { Mailer } from "#server/adapters/mail.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { auditLog } from "../admin/tables.ts";
import type { LoginThrottle } from "../auth/index.ts";
import { hashPassword, storeNewPassword, verifyPassword } from "../auth/index.ts";
import { emailConfirmationTokens, passwordResetTokens, sessions, verificationCodes } from "../auth/tables.ts";
import { bids } from "../bidding/tables.ts";
import { productStatusChanges, products } from "../listings/tables/products.ts";
import { countries } from "../lists/tables.ts";
import { greetingName, renderMail } from "../mail/index.ts";
import {
  createUploadLimiter,
  tooManyPixelsMessage,
  tooManyUploadsMessage,
  type UploadLimiter,
} from "../media/index.ts";
import { messages, messageThreads, userBlocks } from "../messages/tables.ts";
import { subscribers } from "../newsletter/tables.ts";
import { orders } from "../payments/tables.ts";
import { reviews } from "../reviews/tables.ts";
import { stockWatchdogs } from "../watchdog/tables.ts";
import { wishlistItems, wishlists } from "../wishlist/tables.ts";
import {
  AccountDeletionSchema,
  type AddressInput,
  AddressSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileSchema,
} from "./account-schemas.ts";
import { type AvatarProblem, createAvatarStore, renderAvatar } from "./avatar.ts";
import { type EmailConfirmationService, mailLocale } from "./email-confirmation.ts";
import { passwordErrors } from "./registration.ts";
import { type AddressKind, addresses, users } from "./tables.ts";

/**
 * The account's own data (the invoice and contact details page and /api/me/*): profile, the
 * e-mail change with re-confirmation, addresses, avatar, password change, the GDPR export and the
 * deletion of the account. Every method takes the signed-in user's id from the session, never from
 * the request body, so one account can reach only its own rows.
 */

export type ProfileView = {
  id: number;
  email: string;
  /** A new address waiting for its confirmation link; the account keeps `email` until then. */
  pendingEmail: string | null;
  emailConfirmed: boolean;
  username: string;
  firstname: string | null;
  lastname: string | null;
  phonePrefix: string;
  phone: string | null;
  avatarFileName: string | null;
};

export type AddressView = {
  id: number;
  kind: AddressKind;
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string | null;
  isCompany: boolean;
  company: string | null;
  companyId: string | null;
  taxId: string | null;
};

/** What keeps an account from being deleted now: auctions it sells or leads that are still running. */
export type DeletionBlockers = { sellingAuctions: number; leadingAuctions: number };

type Invalid = { status: "invalid"; errors: FieldErrors };
type Limited = { status: "limited"; errors: FieldErrors; retryAfterSeconds: number };

/** Listings a deleted account leaves behind unfinished are cancelled (nobody could answer a buyer). */
const CANCELLED_ON_DELETION = ["draft", "awaiting_payment", "scheduled"] as const;

function toAddressView(row: typeof addresses.$inferSelect): AddressView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    street: row.street,
    city: row.city,
    zip: row.zip,
    countryCode: row.countryCode,
    isCompany: Boolean(row.company || row.companyId),
    company: row.company,
    companyId: row.companyId,
    taxId: row.taxId,
  };
}

function uniqueViolation(error: unknown): boolean {
  let current = error as { code?: string; cause?: unknown } | undefined;
  while (current && !current.code && current.cause) current = current.cause as typeof current;
  return current?.code === "23505";
}

function parse<T extends z.ZodType>(schema: T, raw: unknown, locale: Locale) {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return { data: parsed.data as z.infer<T>, errors: null };
  return { data: null, errors: issuesToFieldErrors(parsed.error.issues, locale) };
}

export function createAccountDataService(deps: {
  db: Db;
  mail: Mailer;
  config: Pick<Config, "publicUrl" | "dataDir">;
  /** The process's login throttle: the current-password checks count with the logins. */
  loginThrottle: Pick<LoginThrottle, "retryAfter" | "failed" | "succeeded">;
  emailConfirmation: Pick<EmailConfirmationService, "createLink">;
  logger?: Pick<Logger, "error">;
  /** Uploads per user and window, shared with the listing photos (media/uploads.ts); its own when absent. */
  uploads?: UploadLimiter;
  now?: () => Date;
}) {
  const { db, mail, config } = deps;
  const uploads = deps.uploads ?? createUploadLimiter();
  const now = deps.now ?? (() => new Date());
  const avatars = createAvatarStore(path.join(config.dataDir, "uploads"));

  async function loadUser(userId: number) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .limit(1);
    return user ?? null;
  }

  /** The newest unused, unexpired link for an address other than the account's: the pending change. */
  async function pendingEmail(userId: number, current: string): Promise<string | null> {
    const [row] = await db
      .select({ email: emailConfirmationTokens.email })
      .from(emailConfirmationTokens)
      .where(
        and(
          eq(emailConfirmationTokens.userId, userId),
          isNull(emailConfirmationTokens.usedAt),
          gt(emailConfirmationTokens.expiresAt, now()),
          sql`lower(${emailConfirmationTokens.email}) <> lower(${current})`,
        ),
      )
      .orderBy(desc(emailConfirmationTokens.id))
      .limit(1);
    return row?.email ?? null;
  }

  /**
   * The current password, checked with the login's per-account limit: a stolen session must not
   * become a way to guess the password (and take the account over by changing the e-mail).
   */
  async function checkPassword(
    user: { email: string; passwordHash: string },
    password: string,
    field: string,
    meta: { locale: Locale; ip: string },
  ): Promise<Invalid | Limited | null> {
    const wait = deps.loginThrottle.retryAfter(user.email, { ip: meta.ip });
    if (wait > 0) {
      return {
        status: "limited",
        retryAfterSeconds: wait,
        errors: { form: [translate(meta.locale, "errors.tooManyRequests")] },
      };
    }
    if (await verifyPassword(user.passwordHash, password)) {
      deps.loginThrottle.succeeded(user.email);
      return null;
    }
    deps.loginThrottle.failed(user.email, { ip: meta.ip });
    return {
      status: "invalid",
      errors: { [field]: [translate(meta.locale, "accountData.errors.wrongPassword")] },
    };
  }

  async function unknownCountry(code: string, locale: Locale): Promise<FieldErrors> {
    const [row] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, code))
      .limit(1);
    return row ? {} : { countryCode: [translate(locale, "accountData.errors.countryUnknown")] };
  }

  /** Inserts or updates the user's one address of a kind, inside the given transaction. */
  async function writeAddress(
    tx: Db,
    userId: number,
    kind: AddressKind,
    input: AddressInput,
    rowId?: number,
  ) {
    const values = {
      name: input.name,
      street: input.street,
      city: input.city,
      zip: input.zip,
      countryCode: input.countryCode,
      company: input.company,
      companyId: input.companyId,
      taxId: input.taxId,
    };
    if (rowId !== undefined) {
      const [row] = await tx
        .update(addresses)
        .set({ ...values, updatedAt: now() })
        .where(and(eq(addresses.id, rowId), eq(addresses.userId, userId), eq(addresses.kind, kind)))
        .returning();
      return row;
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, kind, ...values })
      .returning();
    return row;
  }

  async function addressRow(executor: Db, userId: number, kind: AddressKind) {
    const [row] = await executor
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.kind, kind)))
      .orderBy(asc(addresses.id))
      .limit(1);
    return row ?? null;
  }

  async function blockers(executor: Db, userId: number): Promise<DeletionBlockers> {
    const result = await executor.execute(sql`
      select
        (select count(*)::int from ${products}
          where seller_id = ${userId} and format = 'auction' and status = 'active') as selling,
        (select count(*)::int from ${products}
          where leader_id = ${userId} and format = 'auction' and status = 'active') as leading`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      selling: number;
      leading: number;
    }[];
    return { sellingAuctions: Number(rows[0]?.selling ?? 0), leadingAuctions: Number(rows[0]?.leading ?? 0) };
  }

  async function profile(userId: number): Promise<ProfileView | null> {
    const user = await loadUser(userId);
    if (!user) return null;
    return {
      id: user.id,
      email: user.email,
      pendingEmail: await pendingEmail(user.id, user.email),
      emailConfirmed: user.emailConfirmedAt !== null,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      phonePrefix: user.phonePrefix,
      phone: user.phone,
      avatarFileName: user.avatarFileName,
    };
  }

  return {
    profile,

    /** Name, username and phone. A username or phone another account has is refused by name. */
    async updateProfile(
      userId: number,
      raw: unknown,
      locale: Locale,
    ): Promise<{ status: "saved"; profile: ProfileView } | Invalid> {
      const { data, errors } = parse(ProfileSchema, raw, locale);
      if (!data) return { status: "invalid", errors };
      const taken = await db
        .select({ username: users.username, phone: users.phone, prefix: users.phonePrefix })
        .from(users)
        .where(
          and(
            ne(users.id, userId),
            or(
              sql`lower(${users.username}) = lower(${data.username})`,
              data.phone
                ? and(eq(users.phone, data.phone), eq(users.phonePrefix, data.phonePrefix))
                : undefined,
            ),
          ),
        );
      const duplicates: FieldErrors = {};
      for (const row of taken) {
        if (row.username.toLowerCase() === data.username.toLowerCase())
          duplicates.username = [translate(locale, "registration.errors.usernameTaken")];
        if (data.phone && row.phone === data.phone && row.prefix === data.phonePrefix)
          duplicates.phone = [translate(locale, "registration.errors.phoneTaken")];
      }
      if (Object.keys(duplicates).length > 0) return { status: "invalid", errors: duplicates };
      try {
        await db
          .update(users)
          .set({
            firstname: data.firstname,
            lastname: data.lastname,
            username: data.username,
            phonePrefix: data.phonePrefix,
            phone: data.phone || null,
            // The verification was of the old number: a new one has to be confirmed again.
            verifiedAt: sql`case when ${users.phonePrefix} is not distinct from ${data.phonePrefix}
              and ${users.phone} is not distinct from ${data.phone || null} then ${users.verifiedAt} end`,
            updatedAt: now(),
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      } catch (error) {
        // Another account took the name between the check and the update.
        if (!uniqueViolation(error)) throw error;
        return {
          status: "invalid",
          errors: { username: [translate(locale, "registration.errors.usernameTaken")] },
        };
      }
      return { status: "saved", profile: (await profile(userId))! };
    },

    /**
     * Starts an e-mail change: the new address gets a confirmation link (48 hours), the current one
     * a notice. The account keeps its address, for login too, until the link is opened
     * (EmailConfirmationService.confirm switches it). Only the newest request counts.
     */
    async requestEmailChange(
      userId: number,
      raw: unknown,
      meta: { locale: Locale; ip: string },
    ): Promise<{ status: "pending"; email: string } | Invalid | Limited> {
      const { locale } = meta;
      const { data, errors } = parse(EmailChangeSchema, raw, locale);
      if (!data) return { status: "invalid", errors };
      const user = await loadUser(userId);
      if (!user) return { status: "invalid", errors: { form: [translate(locale, "errors.unauthorized")] } };
      if (data.email.toLowerCase() === user.email.toLowerCase()) {
        return { status: "invalid", errors: { email: [translate(locale, "accountData.errors.emailSame")] } };
      }
      const refused = await checkPassword(user, data.currentPassword, "currentPassword", meta);
      if (refused) return refused;
      // Whether the new address belongs to another account is never told to the requester (that
      // would let any signed-in user test addresses): the answer, the pending address and the notice
      // to the current address are the same. Only the mail differs: a taken address gets no link,
      // its owner is told that somebody wanted to use it (ADR 0010). The stored link is never sent,
      // so it just expires; confirming would be refused by the unique e-mail anyway.
      const [other] = await db
        .select({
          username: users.username,
          firstname: users.firstname,
          locale: users.locale,
          email: users.email,
        })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${data.email})`)
        .limit(1);

      const mailIn = mailLocale(user.locale);
      const t = (key: string, params: Record<string, string> = {}) =>
        translate(mailIn, `accountData.mail.${key}`, { person: greetingName(user), ...params });
      await db.transaction(async (tx) => {
        // An earlier, unconfirmed change is replaced: its link must not switch the address later.
        await tx
          .update(emailConfirmationTokens)
          .set({ usedAt: now() })
          .where(
            and(
              eq(emailConfirmationTokens.userId, user.id),
              isNull(emailConfirmationTokens.usedAt),
              sql`lower(${emailConfirmationTokens.email}) <> lower(${user.email})`,
            ),
          );
        const url = await deps.emailConfirmation.createLink(user.id, data.email, tx, "change");
        if (other) {
          const ownerLocale = mailLocale(other.locale);
          const o = (key: string) =>
            translate(ownerLocale, `accountData.mail.${key}`, { person: greetingName(other) });
          const taken = renderMail({
            locale: ownerLocale,
            siteUrl: config.publicUrl,
            subject: o("takenSubject"),
            paragraphs: [o("greeting"), o("takenText"), o("takenKeep")],
            closing: [o("signature")],
          });
          await mail.send({ to: other.email, ...taken }, { tx });
        } else {
          const confirm = renderMail({
            locale: mailIn,
            siteUrl: config.publicUrl,
            subject: t("changeSubject"),
            paragraphs: [t("greeting"), t("changeText")],
            action: { label: t("changeButton"), url },
            closing: [t("changeExpiry"), t("signature")],
          });
          await mail.send({ to: data.email, ...confirm }, { tx });
        }
        const notice = renderMail({
          locale: mailIn,
          siteUrl: config.publicUrl,
          subject: t("noticeSubject"),
          paragraphs: [t("greeting"), t("noticeText", { email: data.email }), t("noticeKeep")],
          closing: [t("noticeNotYou"), t("signature")],
        });
        await mail.send({ to: user.email, ...notice }, { tx });
      });
      return { status: "pending", email: data.email };
    },

    async addresses(userId: number): Promise<Record<AddressKind, AddressView | null>> {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.id));
      const result: Record<AddressKind, AddressView | null> = {
        contact: null,
        invoice: null,
        delivery: null,
      };
      for (const row of rows) result[row.kind] ??= toAddressView(row);
      return result;
    },

    /**
     * Saves the user's address of a kind (there is one of each). A given `id` must name that very
     * row: another user's address, or another kind, is "not found" and nothing changes.
     */
    async saveAddress(
      userId: number,
      kind: AddressKind,
      raw: unknown,
      locale: Locale,
    ): Promise<{ status: "saved"; address: AddressView } | { status: "not_found" } | Invalid> {
      const { data, errors } = parse(AddressSchema, raw, locale);
      if (!data) return { status: "invalid", errors };
      const countryErrors = await unknownCountry(data.countryCode, locale);
      if (Object.keys(countryErrors).length > 0) return { status: "invalid", errors: countryErrors };
      return db.transaction(async (tx) => {
        const existing = await addressRow(tx, userId, kind);
        if (data.id !== undefined && data.id !== existing?.id) return { status: "not_found" as const };
        const row = await writeAddress(tx, userId, kind, data, existing?.id);
        return { status: "saved" as const, address: toAddressView(row) };
      });
    },

    /**
     * The page's form: the contact address and the invoice address together, all or nothing, so a
     * refused invoice address never leaves a half-saved pair. `invoice: null` means "same as the
     * contact address": the separate invoice address is removed. Errors are keyed contact.* and invoice.*.
     */
    async saveContactAndInvoice(
      userId: number,
      raw: { contact: unknown; invoice: unknown | null },
      locale: Locale,
    ): Promise<{ status: "saved" } | Invalid> {
      const errors: FieldErrors = {};
      const prefixed = (prefix: string, list: FieldErrors) => {
        for (const [field, messages] of Object.entries(list)) errors[`${prefix}.${field}`] = messages;
      };
      const contact = parse(AddressSchema, raw.contact, locale);
      if (contact.errors) prefixed("contact", contact.errors);
      else prefixed("contact", await unknownCountry(contact.data!.countryCode, locale));
      const invoice = raw.invoice === null ? null : parse(AddressSchema, raw.invoice, locale);
      if (invoice?.errors) prefixed("invoice", invoice.errors);
      else if (invoice) prefixed("invoice", await unknownCountry(invoice.data!.countryCode, locale));
      if (Object.keys(errors).length > 0) return { status: "invalid", errors };
      await db.transaction(async (tx) => {
        const contactRow = await addressRow(tx, userId, "contact");
        await writeAddress(tx, userId, "contact", contact.data!, contactRow?.id);
        const invoiceRow = await addressRow(tx, userId, "invoice");
        if (invoice?.data) await writeAddress(tx, userId, "invoice", invoice.data, invoiceRow?.id);
        else
          await tx.delete(addresses).where(and(eq(addresses.userId, userId), eq(addresses.kind, "invoice")));
      });
      return { status: "saved" };
    },

    /** Removes the user's address of a kind; with `id`, only when it is that very row. */
    async deleteAddress(userId: number, kind: AddressKind, id?: number): Promise<boolean> {
      const removed = await db
        .delete(addresses)
        .where(
          and(
            eq(addresses.userId, userId),
            eq(addresses.kind, kind),
            id === undefined ? undefined : eq(addresses.id, id),
          ),
        )
        .returning({ id: addresses.id });
      return removed.length > 0;
    },

    /** Stores a new avatar (see avatar.ts for the checks) and removes the previous file. */
    async setAvatar(
      userId: number,
      bytes: Uint8Array,
      locale: Locale,
    ): Promise<
      | { status: "saved"; fileName: string }
      | Invalid
      | { status: "limited"; errors: FieldErrors; retryAfterSeconds: number }
    > {
      // Counted before decoding, refused ones too: the decoding is the cost being limited.
      const wait = uploads.attempt(userId);
      if (wait !== null)
        return {
          status: "limited",
          errors: { avatar: [tooManyUploadsMessage(locale, wait)] },
          retryAfterSeconds: wait,
        };
      const rendered = await renderAvatar(bytes);
      if ("problem" in rendered) {
        if (rendered.problem === "tooManyPixels")
          return { status: "invalid", errors: { avatar: [tooManyPixelsMessage(locale)] } };
        const key: Record<Exclude<AvatarProblem, "tooManyPixels">, string> = {
          empty: "validation.required",
          tooLarge: "accountData.errors.avatarTooLarge",
          notImage: "accountData.errors.avatarType",
        };
        return { status: "invalid", errors: { avatar: [translate(locale, key[rendered.problem])] } };
      }
      const fileName = await avatars.save(rendered.webp);
      let previous: string | null = null;
      try {
        previous = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ avatar: users.avatarFileName })
            .from(users)
            .where(and(eq(users.id, userId), isNull(users.deletedAt)))
            .for("update");
          if (!row) throw new Error("account not found");
          await tx
            .update(users)
            .set({ avatarFileName: fileName, updatedAt: now() })
            .where(eq(users.id, userId));
          return row.avatar;
        });
      } catch (error) {
        await avatars.remove(fileName);
        throw error;
      }
      await avatars.remove(previous);
      return { status: "saved", fileName };
    },

    async removeAvatar(userId: number): Promise<void> {
      const [row] = await db
        .select({ avatar: users.avatarFileName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      await db.update(users).set({ avatarFileName: null, updatedAt: now() }).where(eq(users.id, userId));
      await avatars.remove(row?.avatar);
    },

    /**
     * A new password (the registration's rules) after the current one; every other session of the
     * account ends, the one making the change stays.
     */
    async changePassword(
      userId: number,
      raw: unknown,
      meta: { locale: Locale; ip: string; keepSessionHash: string | null },
    ): Promise<{ status: "changed" } | Invalid | Limited> {
      const { locale } = meta;
      const user = await loadUser(userId);
      if (!user) return { status: "invalid", errors: { form: [translate(locale, "errors.unauthorized")] } };
      const { data, errors } = parse(PasswordChangeSchema, raw, locale);
      const fieldErrors: FieldErrors = { ...(errors ?? {}) };
      const source = (raw ?? {}) as Record<string, unknown>;
      Object.assign(
        fieldErrors,
        passwordErrors(
          { password: source.password, passwordConfirmation: source.passwordConfirmation },
          locale,
          [user.email, user.username],
          { names: [user.firstname ?? "", user.lastname ?? ""] },
        ),
      );
      if (!data || Object.keys(fieldErrors).length > 0) return { status: "invalid", errors: fieldErrors };
      const refused = await checkPassword(user, data.currentPassword, "currentPassword", meta);
      if (refused) return refused;
      const passwordHash = await hashPassword(data.password);
      await db.transaction((tx) =>
        storeNewPassword(tx, userId, passwordHash, { keepTokenHash: meta.keepSessionHash, now: now() }),
      );
      return { status: "changed" };
    },

    deletionBlockers: (userId: number) => blockers(db, userId),

    /**
     * Deletes the account by anonymising it: the row stays (bids, orders and reviews refer to it)
     * with a new e-mail and username nobody can register, no password, no personal data, and
     * deleted_at set, so it can never log in. Addresses, wishlist, watchdogs, newsletter
     * subscriptions and pending links go; sessions end. Unfinished listings are cancelled. While
     * the account sells or leads a running auction, nothing happens and the answer says why: a bid
     * is binding and a buyer needs a seller to reach.
     */
    async deleteAccount(
      userId: number,
      raw: unknown,
      meta: { locale: Locale; ip: string },
    ): Promise<{ status: "deleted" } | Invalid | Limited> {
      const { locale } = meta;
      const { data, errors } = parse(AccountDeletionSchema, raw, locale);
      if (!data) return { status: "invalid", errors };
      const user = await loadUser(userId);
      if (!user) return { status: "invalid", errors: { form: [translate(locale, "errors.unauthorized")] } };
      const refused = await checkPassword(user, data.password, "password", meta);
      if (refused) return refused;

      const blocked = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const found = await blockers(tx, userId);
        const reasons: string[] = [];
        if (found.sellingAuctions > 0)
          reasons.push(
            translate(locale, "accountData.delete.blockedSelling", { count: found.sellingAuctions }),
          );
        if (found.leadingAuctions > 0)
          reasons.push(
            translate(locale, "accountData.delete.blockedLeading", { count: found.leadingAuctions }),
          );
        if (reasons.length > 0) return reasons;

        const at = now();
        const unfinished = await tx
          .select({ id: products.id, status: products.status })
          .from(products)
          .where(
            and(
              eq(products.sellerId, userId),
              or(
                inArray(products.status, [...CANCELLED_ON_DELETION]),
                and(eq(products.status, "active"), ne(products.format, "auction")),
              ),
            ),
          );
        if (unfinished.length > 0) {
          await tx
            .update(products)
            .set({ status: "cancelled", updatedAt: at })
            .where(
              inArray(
                products.id,
                unfinished.map((p) => p.id),
              ),
            );
          // The lifecycle's audit: which listings ended with the account, and why.
          await tx.insert(productStatusChanges).values(
            unfinished.map((p) => ({
              productId: p.id,
              fromStatus: p.status,
              toStatus: "cancelled" as const,
              actorId: userId,
              reason: "account_deleted",
            })),
          );
        }
        await tx.delete(addresses).where(eq(addresses.userId, userId));
        await tx.delete(wishlists).where(eq(wishlists.userId, userId));
        await tx.delete(stockWatchdogs).where(eq(stockWatchdogs.userId, userId));
        await tx
          .delete(subscribers)
          .where(or(eq(subscribers.userId, userId), sql`lower(${subscribers.email}) = lower(${user.email})`));
        await tx
          .delete(userBlocks)
          .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
        await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
        await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
        await tx
          .update(sessions)
          .set({
            revokedAt: sql`coalesce(${sessions.revokedAt}, ${at.toISOString()}::timestamptz)`,
            ip: null,
            userAgent: null,
          })
          .where(eq(sessions.userId, userId));
        await tx
          .update(users)
          .set({
            // Outside the registration's alphabet (no '-' in usernames), so nobody can hold these first.
            email: `deleted-${userId}-${randomBytes(6).toString("hex")}@deleted.invalid`,
            username: `smazany-${userId}`,
            // Not an argon2 hash: no password ever verifies against it.
            passwordHash: "!deleted",
            firstname: null,
            lastname: null,
            phonePrefix: "",
            phone: null,
            avatarFileName: null,
            scope: [],
            notificationPreferences: {},
            emailConfirmedAt: null,
            verifiedAt: null,
            deletedAt: at,
            updatedAt: at,
          })
          .where(eq(users.id, userId));
        await tx.insert(auditLog).values({
          actorId: userId,
          action: "user.delete",
          entity: "user",
          entityId: String(userId),
          data: { cancelledListings: unfinished.map((p) => p.id) },
          ip: null,
        });
        return null;
      });
      if (blocked) return { status: "invalid", errors: { form: blocked } };
      try {
        await avatars.remove(user.avatarFileName);
      } catch (error) {
        deps.logger?.error({ err: error, userId }, "avatar of a deleted account not removed");
      }
      return { status: "deleted" };
    },

    /**
     * Everything the platform holds about the user (GDPR art. 15 and 20), as plain JSON: profile,
     * addresses, listings, bids, won auctions, wishlist, messages they wrote, reviews, watchdogs,
     * newsletter subscriptions, orders and sessions (without token hashes). Money in CZK minor units.
     */
    async exportData(userId: number) {
      const user = await loadUser(userId);
      if (!user) return null;
      const [
        addressRows,
        listingRows,
        bidRows,
        wonRows,
        wishlistRows,
        messageRows,
        reviewRows,
        watchdogRows,
        subscriberRows,
        orderRows,
        sessionRows,
      ] = await Promise.all([
        db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
        db
          .select({
            id: products.id,
            format: products.format,
            type: products.type,
            status: products.status,
            nameCs: products.nameCs,
            nameEn: products.nameEn,
            descriptionCs: products.descriptionCs,
            descriptionEn: products.descriptionEn,
            priceMinor: products.priceMinor,
            startPriceMinor: products.startPriceMinor,
            currentPriceMinor: products.currentPriceMinor,
            reservePriceMinor: products.reservePriceMinor,
            activationAt: products.activationAt,
            endsAt: products.endsAt,
            createdAt: products.createdAt,
          })
          .from(products)
          .where(eq(products.sellerId, userId))
          .orderBy(asc(products.id)),
        db
          .select({
            id: bids.id,
            productId: bids.productId,
            productName: products.nameCs,
            amountMinor: bids.amountMinor,
            maxAmountMinor: bids.maxAmountMinor,
            isAutomatic: bids.isAutomatic,
            createdAt: bids.createdAt,
          })
          .from(bids)
          .innerJoin(products, eq(products.id, bids.productId))
          .where(eq(bids.userId, userId))
          .orderBy(asc(bids.id)),
        db
          .select({
            productId: products.id,
            productName: products.nameCs,
            priceMinor: products.currentPriceMinor,
            endedAt: products.endedAt,
          })
          .from(products)
          .where(eq(products.winnerId, userId))
          .orderBy(asc(products.id)),
        db
          .select({
            productId: wishlistItems.productId,
            productName: products.nameCs,
            note: wishlistItems.note,
            createdAt: wishlistItems.createdAt,
          })
          .from(wishlistItems)
          .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .where(eq(wishlists.userId, userId))
          .orderBy(asc(wishlistItems.id)),
        db
          .select({
            id: messages.id,
            threadId: messages.threadId,
            productId: messageThreads.productId,
            body: messages.body,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
          .where(eq(messages.senderId, userId))
          .orderBy(asc(messages.id)),
        db
          .select({
            id: reviews.id,
            productId: reviews.productId,
            authorId: reviews.authorId,
            subjectId: reviews.subjectId,
            stars: reviews.stars,
            comment: reviews.comment,
            reply: reviews.reply,
            createdAt: reviews.createdAt,
          })
          .from(reviews)
          .where(or(eq(reviews.authorId, userId), eq(reviews.subjectId, userId)))
          .orderBy(asc(reviews.id)),
        db
          .select({
            kind: stockWatchdogs.kind,
            productId: stockWatchdogs.productId,
            categoryId: stockWatchdogs.categoryId,
            query: stockWatchdogs.query,
            delivery: stockWatchdogs.delivery,
            createdAt: stockWatchdogs.createdAt,
          })
          .from(stockWatchdogs)
          .where(eq(stockWatchdogs.userId, userId))
          .orderBy(asc(stockWatchdogs.id)),
        db
          .select({
            email: subscribers.email,
            selectedCategories: subscribers.selectedCategories,
            locale: subscribers.locale,
            confirmedAt: subscribers.confirmedAt,
            unsubscribedAt: subscribers.unsubscribedAt,
            createdAt: subscribers.createdAt,
          })
          .from(subscribers)
          .where(or(eq(subscribers.userId, userId), sql`lower(${subscribers.email}) = lower(${user.email})`)),
        db
          .select({
            id: orders.id,
            kind: orders.kind,
            status: orders.status,
            email: orders.email,
            totalMinor: orders.totalMinor,
            currencyCode: orders.currencyCode,
            invoiceAddress: orders.invoiceAddress,
            deliveryAddress: orders.deliveryAddress,
            createdAt: orders.createdAt,
            paidAt: orders.paidAt,
          })
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(asc(orders.id)),
        db
          .select({
            createdAt: sessions.createdAt,
            lastUsedAt: sessions.lastUsedAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
            userAgent: sessions.userAgent,
            ip: sessions.ip,
          })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.id)),
      ]);
      return {
        exportedAt: now().toISOString(),
        profile: {
          id: user.id,
          email: user.email,
          username: user.username,
          firstname: user.firstname,
          lastname: user.lastname,
          phonePrefix: user.phonePrefix,
          phone: user.phone,
          locale: user.locale,
          avatarFileName: user.avatarFileName,
          notificationPreferences: user.notificationPreferences,
          createdAt: user.createdAt,
          emailConfirmedAt: user.emailConfirmedAt,
          adultConfirmedAt: user.adultConfirmedAt,
          verifiedAt: user.verifiedAt,
          lastLoginAt: user.lastLoginAt,
        },
        addresses: addressRows.map(toAddressView),
        listings: listingRows,
        bids: bidRows,
        wonAuctions: wonRows,
        wishlist: wishlistRows,
        messagesSent: messageRows,
        reviews: reviewRows.map((row) => ({
          ...row,
          role: row.authorId === userId ? ("author" as const) : ("subject" as const),
        })),
        watchdogs: watchdogRows,
        newsletterSubscriptions: subscriberRows,
        orders: orderRows,
        sessions: sessionRows,
      };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
export type AccountExport = NonNullable<Awaited<ReturnType<AccountDataService["exportData"]>>>;
