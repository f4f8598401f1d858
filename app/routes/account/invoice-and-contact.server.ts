import { data, type RouterContextProvider, redirect } from "react-router";
import { clearedSessionCookie } from "#app/auth.server.ts";
import { appContext } from "#app/context.ts";
import type { SectionResult } from "#app/features/account/account-data-sections.tsx";
import type { FieldProblems } from "#core/contracts/errors.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { AccountDataForm } from "#core/schemas/account.ts";
import { translateProblems } from "#core/validation/field-errors.ts";

/**
 * Page requests have no body limit of their own (the /api one is 1 MB), and request.formData()
 * would buffer whatever arrives. The account page reads at most `maxBytes` and gives up beyond:
 * an avatar upload is the largest thing it takes.
 */
export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = new Headers();
  const type = request.headers.get("content-type");
  if (type) headers.set("content-type", type);
  return new Request(request.url, { method: "POST", headers, body }).formData();
}

type Context = Readonly<RouterContextProvider>;
type Form<I extends AccountDataForm["intent"]> = Extract<AccountDataForm, { intent: I }>;

const reply = (result: SectionResult, status = result.ok ? 200 : 422) => data(result, { status });
const t = (context: Context, key: MessageKey, params?: Record<string, string | number>) =>
  translate(context.get(appContext).locale, key, params);
/** A refusal's field problems (the service's codes, ADR 0068) in the page's language. */
const texts = (context: Context, problems: FieldProblems) =>
  translateProblems(context.get(appContext).locale, problems);

/**
 * The invoice and contact page's action, once its form is parsed: each card's intent goes to
 * services.accountData (the same as /api/me/*), whose answer comes back as the card's result.
 */
export async function saveSection(form: AccountDataForm, context: Context) {
  try {
    return await saveSectionOf(form, context);
  } catch (error) {
    // A redirect (the deleted account's) is an answer, not a failure.
    if (error instanceof Response) throw error;
    // The database or the image store failed: the card says so, in its words, and keeps what
    // was typed; the error goes to the log without the form's content.
    context
      .get(appContext)
      .services.logger.error({ err: error, intent: form.intent }, "account data not saved");
    const intent = form.intent === "avatarRemove" ? "avatar" : form.intent;
    return reply({ intent, ok: false, errors: { form: [t(context, FAILED[form.intent])] } }, 503);
  }
}

/** What each card says when its change could not be stored. */
const FAILED: Record<AccountDataForm["intent"], MessageKey> = {
  profile: "accountData.errors.profileSaveFailed",
  addresses: "accountData.errors.addressSaveFailed",
  avatar: "accountData.errors.avatarSaveFailed",
  avatarRemove: "accountData.errors.avatarRemoveFailed",
  email: "accountData.errors.saveFailed",
  password: "accountData.errors.saveFailed",
  delete: "accountData.errors.saveFailed",
};

function saveSectionOf(form: AccountDataForm, context: Context) {
  switch (form.intent) {
    case "profile":
      return saveProfile(form, context);
    case "addresses":
      return saveAddresses(form, context);
    case "avatar":
      return saveAvatar(form, context);
    case "avatarRemove":
      return removeAvatar(context);
    case "email":
      return changeEmail(form, context);
    case "password":
      return changePassword(form, context);
    case "delete":
      return deleteAccount(form, context);
  }
}

async function saveProfile(form: Form<"profile">, context: Context) {
  const { services, user } = context.get(appContext);
  const { intent, ...raw } = form;
  const result = await services.accountData.updateProfile(user!.id, raw);
  if (!result.ok)
    return reply({ intent, ok: false, errors: texts(context, result.details.problems), values: raw });
  return reply({ intent, ok: true, message: t(context, "accountData.profile.saved") });
}

async function saveAddresses(form: Form<"addresses">, context: Context) {
  const { services, user } = context.get(appContext);
  const { intent, contact, invoice } = form;
  const same = form.invoiceSame === "on";
  // A company at the contact address: its invoice address is the contact address with the
  // company's name and IDs (invoices read the invoice address). Otherwise "same" has none.
  const { isCompany, company, companyId, taxId } = invoice;
  const companyAddress = { ...contact, isCompany, company, companyId, taxId };
  const invoiceAddress = !same ? invoice : isCompany === "on" ? companyAddress : null;
  const result = await services.accountData.saveContactAndInvoice(user!.id, {
    contact,
    invoice: invoiceAddress,
  });
  if (!result.ok) {
    const values: Record<string, string> = { invoiceSame: same ? "on" : "" };
    for (const [name, value] of Object.entries(contact)) values[`contact.${name}`] = value;
    for (const [name, value] of Object.entries(invoice)) values[`invoice.${name}`] = value;
    return reply({ intent, ok: false, errors: texts(context, result.details.problems), values });
  }
  return reply({ intent, ok: true, message: t(context, "accountData.addresses.saved") });
}

async function saveAvatar(form: Form<"avatar">, context: Context) {
  const { services, user } = context.get(appContext);
  const { intent, avatar } = form;
  if (!avatar || avatar.size === 0)
    return reply({ intent, ok: false, errors: { avatar: [t(context, "validation.required")] } });
  const result = await services.accountData.setAvatar(user!.id, new Uint8Array(await avatar.arrayBuffer()));
  // Refused or over the upload limit: the message shows at the field.
  if (!result.ok) return reply({ intent, ok: false, errors: texts(context, result.details.problems) });
  return reply({ intent, ok: true, message: t(context, "accountData.avatar.saved") });
}

async function removeAvatar(context: Context) {
  const { services, user } = context.get(appContext);
  await services.accountData.removeAvatar(user!.id);
  return reply({ intent: "avatar", ok: true, message: t(context, "accountData.avatar.removed") });
}

async function changeEmail(form: Form<"email">, context: Context) {
  const { services, user, clientIp } = context.get(appContext);
  const { intent, ...raw } = form;
  const result = await services.accounts.requestEmailChange(user!.id, raw, { ip: clientIp });
  if (!result.ok) {
    const status = result.code === "limited" ? 429 : 422;
    const errors = texts(context, result.details.problems);
    return reply({ intent, ok: false, errors, values: { email: raw.email } }, status);
  }
  return reply({
    intent,
    ok: true,
    message: t(context, "accountData.email.pending", { email: result.value.email }),
  });
}

async function changePassword(form: Form<"password">, context: Context) {
  const { services, user, clientIp, sessionTokenHash } = context.get(appContext);
  const { intent, ...raw } = form;
  const result = await services.accounts.changePassword(user!.id, raw, {
    ip: clientIp,
    keepSessionHash: sessionTokenHash,
  });
  if (!result.ok) {
    const errors = texts(context, result.details.problems);
    return reply({ intent, ok: false, errors }, result.code === "limited" ? 429 : 422);
  }
  return reply({ intent, ok: true, message: t(context, "accountData.password.changed") });
}

async function deleteAccount(form: Form<"delete">, context: Context) {
  const { services, user, locale, clientIp, config } = context.get(appContext);
  const { intent, password } = form;
  const result = await services.accountData.deleteAccount(user!.id, { password }, { ip: clientIp });
  if (!result.ok) {
    const errors = texts(context, result.details.problems);
    return reply({ intent, ok: false, errors }, result.code === "limited" ? 429 : 422);
  }
  // Every session is revoked; the browser forgets its cookie too.
  throw redirect(localePath("home", locale), {
    headers: { "Set-Cookie": clearedSessionCookie(config.publicUrl) },
  });
}
