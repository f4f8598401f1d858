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
import type { Route } from "./+types/contact";

/**
 * "Write to the seller" (a classified) / "I have this" (a demand ad), linked from the product
 * page: a message to the seller opens the conversation about the product (or adds to the one the
 * user already has) in the messages tables; the messages issue builds the inbox on them. Guests
 * are sent to log in by the auth middleware and come back here.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.contact.title"), noindex: true }));
}

const MESSAGE_MAX = 2000;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const target = await services.listings.contactTarget(user!.id, requirePathId(params.productId), locale);
  if (!target) throw data(null, { status: 404 });
  return { target };
}

export type ContactActionData =
  | { ok: true; created: boolean }
  | { ok: false; errors: Record<string, string[]>; message?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const form = await request.formData();
  const text = String(form.get("message") ?? "");
  if (text.trim() === "")
    return data<ContactActionData>(
      { ok: false, errors: { message: [translate(locale, "validation.required")] } },
      { status: 422 },
    );
  const result = await services.listings.contactSeller(
    user!.id,
    requirePathId(params.productId),
    text,
    locale,
  );
  if (result.status === "not_found") throw data(null, { status: 404 });
  if (result.status === "refused")
    return data<ContactActionData>({ ok: false, errors: {}, message: result.message }, { status: 409 });
  if (result.status === "invalid")
    return data<ContactActionData>({ ok: false, errors: result.errors }, { status: 422 });
  return { ok: true, created: result.created } satisfies ContactActionData;
}

export default function ContactSellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const id = useId();
  const { target } = loaderData;
  const result = actionData as ContactActionData | undefined;
  const demand = target.type === "demand";
  const errors = result && !result.ok ? result.errors.message : undefined;
  const messagesPath = localePath("accountMessages", locale);

  if (result?.ok)
    return (
      <ContactSent
        seller={target.sellerName}
        name={target.name}
        next={{ to: messagesPath, label: t("listings.contact.messages") }}
        back={{ to: target.url, label: t("listings.contact.backToProduct") }}
      />
    );

  return (
    <section data-testid="contact-page" className="flex flex-col gap-6">
      <header>
        <Link
          to={target.url}
          className="text-sm font-semibold text-primary-dark underline underline-offset-4"
        >
          ← {t("listings.contact.backToProduct")}
        </Link>
        <h1 className="mt-3 font-serif text-3xl text-primary-dark tablet:text-4xl">
          {demand ? t("listings.contact.titleDemand") : t("listings.contact.title")}
        </h1>
        <p className="mt-2 text-muted">
          {t("listings.contact.lead", { seller: target.sellerName, name: target.name })}
        </p>
      </header>
      {target.own ? (
        <p className="rounded-lg bg-light px-4 py-3 ring-1 ring-line">{t("listings.contact.own")}</p>
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
            <label htmlFor={id} className="block font-medium">
              {t("listings.contact.message")}
              <span aria-hidden="true"> *</span>
            </label>
            <textarea
              id={id}
              name="message"
              rows={7}
              maxLength={MESSAGE_MAX}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={`${id}-hint${errors?.length ? ` ${id}-error` : ""}`}
              className="mt-1 w-full rounded border border-line bg-white px-3 py-2 leading-relaxed focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
              data-testid="contact-message"
            />
            <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
              {demand ? t("listings.contact.messageHintDemand") : t("listings.contact.messageHint")}
            </p>
            {errors?.length ? (
              <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
                {errors.join(" ")}
              </p>
            ) : null}
          </div>
          <div>
            <SectionButton busy={navigation.state !== "idle"}>{t("listings.contact.send")}</SectionButton>
          </div>
        </Form>
      )}
    </section>
  );
}
