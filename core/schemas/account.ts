import { z } from "zod";
import { RegistrationSchema } from "./registration.ts";

/**
 * A form that mails a link to an address: a password reset (`/obnova-hesla`), the confirmation
 * link once more (the welcome page). The e-mail is required, then in e-mail format.
 */
export const AddressRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: "validation.required", abort: true })
    .pipe(z.email({ error: "validation.email" }).max(254)),
});
export type AddressRequestInput = z.infer<typeof AddressRequestSchema>;

/** The logged-in devices page: log out one other session, or all the others at once. */
export const SessionsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revokeOthers") }),
  z.object({
    intent: z.literal("revoke"),
    sessionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
]);

/** The account overview's one button: the e-mail confirmation link once more. */
export const OverviewFormSchema = z.object({ intent: z.literal("resendConfirmation") });

/**
 * The notice e-mails page: the switches (`on` lists the kinds switched on; a kind not sent is off,
 * an unknown one is ignored), or lifting a block (a user id that is no number finds nobody), and
 * the push notifications' switches and this browser's subscription.
 */
export const NotificationsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), on: z.array(z.string()).default([]) }),
  z.object({ intent: z.literal("unblock"), userId: z.number().catch(0) }),
  // Web push (ADR 0110): the switches per pushed kind, and this browser's subscription.
  z.object({ intent: z.literal("push-save"), push: z.array(z.string()).default([]) }),
  z.object({
    intent: z.literal("push-subscribe"),
    endpoint: z.string().max(1000),
    p256dh: z.string().max(200),
    auth: z.string().max(100),
  }),
  z.object({ intent: z.literal("push-unsubscribe"), endpoint: z.string().max(1000) }),
]);

/** A bound on the category ids one newsletter form may send (the API's limit). */
export const MAX_NEWSLETTER_CATEGORIES = 500;

/** The newsletters page: save the categories (subscribing when not yet), or unsubscribe. */
export const NewslettersFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unsubscribe") }),
  z.object({
    intent: z.literal("preferences"),
    selectedCategories: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .max(MAX_NEWSLETTER_CATEGORIES)
      .default([]),
  }),
]);

/**
 * The verified account page: a code by SMS (`send`), or the code typed (`check`; the service says
 * whether it is right, so only its length is bounded here).
 */
export const VerificationFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send") }),
  z.object({
    intent: z.literal("check"),
    code: z
      .string()
      .default("")
      .transform((code) => code.slice(0, 20)),
  }),
]);

/** A text field as the account-data services take it: "" when empty or not sent. */
const text = () => z.string().default("");
/** An address of the invoice and contact form (`contact.name`, `invoice.zip`...); checkboxes send "on". */
const AddressFields = z
  .object({
    name: text(),
    street: text(),
    city: text(),
    zip: text(),
    countryCode: text(),
    isCompany: text(),
    company: text(),
    companyId: text(),
    taxId: text(),
  })
  .prefault({});

/**
 * The invoice and contact details page (`/ucet/fakturacni-a-kontaktni-udaje`): each card posts its
 * `intent` with its fields. The fields come as typed: services.accountData judges them with the
 * same rules as /api/me/* and answers with the field errors.
 */
export const AccountDataFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("profile"),
    firstname: text(),
    lastname: text(),
    username: text(),
    phonePrefix: text(),
    phone: text(),
  }),
  z.object({
    intent: z.literal("addresses"),
    contact: AddressFields,
    invoice: AddressFields,
    invoiceSame: text(),
  }),
  z.object({ intent: z.literal("avatar"), avatar: z.file().optional() }),
  z.object({ intent: z.literal("avatarRemove") }),
  z.object({ intent: z.literal("email"), email: text(), currentPassword: text() }),
  z.object({
    intent: z.literal("password"),
    currentPassword: text(),
    password: text(),
    passwordConfirmation: text(),
  }),
  z.object({ intent: z.literal("delete"), password: text() }),
]);
export type AccountDataForm = z.output<typeof AccountDataFormSchema>;

/** Name, username and phone (the invoice and contact page, PATCH /api/me): as at registration. */
export const ProfileSchema = RegistrationSchema.pick({
  firstname: true,
  lastname: true,
  username: true,
  phonePrefix: true,
  phone: true,
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

const currentPassword = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required", abort: true })
  .max(1024);

/** A new e-mail address, confirmed by the current password. */
export const EmailChangeSchema = z.object({
  email: RegistrationSchema.shape.email,
  currentPassword,
});

/** The new password's own rules are checked by passwordErrors (server: password-rules.ts), as at registration. */
export const PasswordChangeSchema = z.object({
  currentPassword,
  password: z.string().max(1024).default(""),
  passwordConfirmation: z.string().max(1024).default(""),
});

/** Deleting the account, confirmed by its password. */
export const AccountDeletionSchema = z.object({ password: currentPassword });
