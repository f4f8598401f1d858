import { data, type RouterContextProvider } from "react-router";
import { appContext } from "#app/context.ts";
import { readLimitedFormData } from "#app/routes/account/invoice-and-contact.server.ts";
import type { FormReply } from "#app/ui/forms/conform.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import { DOCUMENT_MAX_BYTES } from "#core/schemas/admin-content.ts";
import { MAX_INT4 } from "#core/validation/limits.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The content pages' posted forms: page requests have no body limit of their own, so the form is
 * read up to the largest upload (a 10 MB PDF) and its multipart envelope; null beyond.
 */
export function readContentForm(request: Request): Promise<FormData | null> {
  return readLimitedFormData(request, DOCUMENT_MAX_BYTES + 64 * 1024);
}

/** A chosen file's bytes and name; null when the field holds none. */
export async function uploadOf(form: FormData, field: string) {
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) return null;
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}

/** The service's refusal (field to message keys) in the page's language. */
export function translatedErrors(context: Context, errors: Record<string, MessageKey[]>) {
  const { locale } = context.get(appContext);
  return Object.fromEntries(
    Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => translate(locale, key))]),
  );
}

/** The page's row id from its path, `new` as null; anything else is a 404. */
export function pathId(context: Context, param: string | undefined): number | null {
  if (param === "new") return null;
  const id = Number(param);
  if (!/^\d+$/.test(param ?? "") || id <= 0 || id > MAX_INT4) {
    throw data(translate(context.get(appContext).locale, "errors.notFound"), { status: 404 });
  }
  return id;
}

export function notFound(context: Context): never {
  throw data(translate(context.get(appContext).locale, "adminContent.errors.notFound"), { status: 404 });
}

/** A form too large to read: the file's field says so, and nothing is saved. */
export const tooLarge = (context: Context, field: string): FormReply => ({
  status: "error",
  error: { [field]: [translate(context.get(appContext).locale, "adminContent.errors.fileTooLarge")] },
});

/** The row a list page opens for editing (`?id=`), or null. */
export const selectedId = (url: URL): number | null => Number(url.searchParams.get("id")) || null;

/** What the page says after the redirect of a save or a deletion (`?saved`, `?deleted`). */
export const noticeOf = (url: URL): "deleted" | "saved" | null =>
  url.searchParams.has("deleted") ? "deleted" : url.searchParams.has("saved") ? "saved" : null;
