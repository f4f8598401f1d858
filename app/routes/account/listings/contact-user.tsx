import { useId } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { SectionButton } from "#app/components/account/section.tsx";
import { ContactSent } from "#app/components/listings/contact-sent.tsx";
import { requirePathId } from "#app/components/seo/canonical.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Route } from "./+types/contact-user";

/**
 * "Write to the seller" from a user's profile. A message is always about a listing (the spec's
 * messages are about auctions, and the inbox shows each conversation with its item), so the page
 * asks which of the user's listings (live, scheduled, ended or sold) the message is about, as
 * eBay's "contact the seller" does; the message then opens or continues that conversation exactly
 * like the product page's button. Guests are sent to log in and come back here.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.contact.title"), noindex: true }));
}

const MESSAGE_MAX = 2000;
const STATUS_KEYS = {
  active: "listings.contact.statusActive",
  scheduled: "listings.contact.statusScheduled",
  ended: "listings.contact.statusEnded",
  sold: "listings.contact.statusSold",
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const sellerId = requirePathId(params.userId);
  const profile = await services.profiles.publicProfile(sellerId, locale);
  if (!profile) throw data(null, { status: 404 });
  const own = sellerId === user!.id;
  const items = own ? [] : await services.listings.contactItems(sellerId, locale);
  // With one listing there is nothing to choose.
  const selected = items.length === 1 ? items[0].id : null;
  return {
    seller: { id: sellerId, username: profile.username },
    own,
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      status: item.status as keyof typeof STATUS_KEYS,
    })),
    selected,
  };
}

export type ContactUserActionData =
  | { ok: true; threadId: number; name: string }
  | { ok: false; errors: Record<string, string[]>; message?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const sellerId = requirePathId(params.userId);
  const form = await request.formData();
  const productId = Number(form.get("productId"));
  const text = String(form.get("message") ?? "");
  const items = await services.listings.contactItems(sellerId, locale);
  const item = items.find((candidate) => candidate.id === productId);
  const errors: Record<string, string[]> = {};
  // Only a listing of this user: the page is about writing to them.
  if (!item) errors.productId = [translate(locale, "validation.required")];
  if (text.trim() === "") errors.message = [translate(locale, "validation.required")];
  if (!item || Object.keys(errors).length > 0)
    return data<ContactUserActionData>({ ok: false, errors }, { status: 422 });
  const result = await services.listings.contactSeller(user!.id, item.id, text, locale);
  if (result.status === "not_found") throw data(null, { status: 404 });
  if (result.status === "refused")
    return data<ContactUserActionData>({ ok: false, errors: {}, message: result.message }, { status: 409 });
  if (result.status === "invalid")
    return data<ContactUserActionData>({ ok: false, errors: result.errors }, { status: 422 });
  return { ok: true, threadId: result.threadId, name: item.name } satisfies ContactUserActionData;
}

export default function ContactUserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const id = useId();
  const { seller, own, items, selected } = loaderData;
  const result = actionData as ContactUserActionData | undefined;
  const errors = result && !result.ok ? result.errors : {};
  const profilePath = localePath("userProfile", locale, { id: seller.id });

  if (result?.ok)
    return (
      <ContactSent
        seller={seller.username}
        name={result.name}
        next={{
          to: localePath("accountMessageThread", locale, { threadId: result.threadId }),
          label: t("listings.contact.openThread"),
        }}
        back={{ to: profilePath, label: t("listings.contact.backToProfile") }}
      />
    );

  const fieldError = (name: string) =>
    errors[name]?.length ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger" data-field-error>
        {errors[name].join(" ")}
      </p>
    ) : null;

  return (
    <section data-testid="contact-user-page" className="flex flex-col gap-6">
      <header>
        <Link
          to={profilePath}
          className="text-sm font-semibold text-primary-dark underline underline-offset-4"
        >
          ← {t("listings.contact.backToProfile")}
        </Link>
        <h1 className="mt-3 font-serif text-3xl text-primary-dark tablet:text-4xl">
          {t("listings.contact.title")}
        </h1>
        {own ? null : (
          <p className="mt-2 text-muted">{t("listings.contact.userLead", { seller: seller.username })}</p>
        )}
      </header>
      {own ? (
        <p className="rounded-lg bg-light px-4 py-3 ring-1 ring-line" data-testid="contact-own">
          {t("listings.contact.ownProfile")}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-lg bg-light px-4 py-3 ring-1 ring-line" data-testid="contact-no-items">
          {t("listings.contact.noItems", { seller: seller.username })}
        </p>
      ) : (
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 tablet:p-7"
        >
          {result && !result.ok && result.message ? (
            <p role="alert" className="rounded bg-danger/10 px-3 py-2 text-danger">
              {result.message}
            </p>
          ) : null}
          <div>
            <label htmlFor={`${id}-product`} className="block font-medium">
              {t("listings.contact.about")}
              <span aria-hidden="true"> *</span>
            </label>
            <select
              id={`${id}-product`}
              name="productId"
              required
              defaultValue={selected ?? ""}
              aria-invalid={errors.productId?.length ? true : undefined}
              aria-describedby={`${id}-product-hint${errors.productId?.length ? ` ${id}-productId-error` : ""}`}
              className="mt-1 min-h-11 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
              data-testid="contact-product"
            >
              <option value="" disabled>
                {t("listings.contact.aboutPlaceholder")}
              </option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({t(STATUS_KEYS[item.status])})
                </option>
              ))}
            </select>
            <p id={`${id}-product-hint`} className="mt-1 text-sm text-muted">
              {t("listings.contact.aboutHint")}
            </p>
            {fieldError("productId")}
          </div>
          <div>
            <label htmlFor={`${id}-message`} className="block font-medium">
              {t("listings.contact.message")}
              <span aria-hidden="true"> *</span>
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={7}
              maxLength={MESSAGE_MAX}
              aria-invalid={errors.message?.length ? true : undefined}
              aria-describedby={`${id}-message-hint${errors.message?.length ? ` ${id}-message-error` : ""}`}
              className="mt-1 w-full rounded border border-line bg-white px-3 py-2 leading-relaxed focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
              data-testid="contact-message"
            />
            <p id={`${id}-message-hint`} className="mt-1 text-sm text-muted">
              {t("listings.contact.messageHint")}
            </p>
            {fieldError("message")}
          </div>
          <div>
            <SectionButton busy={navigation.state !== "idle"}>{t("listings.contact.send")}</SectionButton>
          </div>
        </Form>
      )}
    </section>
  );
}
