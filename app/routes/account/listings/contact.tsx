import { data, Form, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { SectionButton } from "#app/features/account/section.tsx";
import { ContactHeader, ContactRefusal, MessageField } from "#app/features/listings/contact-form.tsx";
import { ContactSent } from "#app/features/listings/contact-sent.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { requirePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { listingRefusalMessage, listingRefusalStatus } from "#core/contracts/listing-refusals.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ContactSellerSchema } from "#core/schemas/listing.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
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

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  const target = await services.listings.contactTarget(user!.id, requirePathId(params.productId), locale);
  if (!target) throw data(null, { status: 404 });
  return { target };
}

export type ContactActionData =
  | { ok: true; created: boolean }
  | { ok: false; result: FormReply | null; message?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), ContactSellerSchema, locale);
  if (submission.status !== "success")
    return data<ContactActionData>({ ok: false, result: submission.reply() as FormReply }, { status: 422 });
  const productId = requirePathId(params.productId);
  const result = await services.listings.contactSeller(user!.id, productId, submission.value.message);
  if (result.ok) return { ok: true, created: result.value.created } satisfies ContactActionData;
  if (result.code === "not_found") throw data(null, { status: 404 });
  if (result.code === "invalid") {
    const fieldErrors = translateProblems(locale, result.details);
    return data<ContactActionData>(
      { ok: false, result: submission.reply({ fieldErrors }) as FormReply },
      { status: 422 },
    );
  }
  const message = listingRefusalMessage(locale, result.code);
  return data<ContactActionData>(
    { ok: false, result: null, message },
    { status: listingRefusalStatus(result.code) },
  );
}

export default function ContactSellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const { target } = loaderData;
  const result = actionData as ContactActionData | undefined;
  const [form] = useSchemaForm(ContactSellerSchema, result && !result.ok ? result.result : null);
  const demand = target.type === "demand";

  if (result?.ok)
    return (
      <ContactSent
        seller={target.sellerName}
        name={target.name}
        next={{ to: localePath("accountMessages", locale), label: t("listings.contact.messages") }}
        back={{ to: target.url, label: t("listings.contact.backToProduct") }}
      />
    );

  return (
    <section data-testid="contact-page" className="flex flex-col gap-6">
      <ContactHeader
        back={{ to: target.url, label: t("listings.contact.backToProduct") }}
        title={demand ? t("listings.contact.titleDemand") : t("listings.contact.title")}
        lead={t("listings.contact.lead", { seller: target.sellerName, name: target.name })}
      />
      {target.own ? (
        <p className="rounded-lg bg-light px-4 py-3 ring-1 ring-line">{t("listings.contact.own")}</p>
      ) : (
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 tablet:p-7"
        >
          <ContactRefusal message={result && !result.ok ? result.message : undefined} />
          <MessageField
            hint={demand ? t("listings.contact.messageHintDemand") : t("listings.contact.messageHint")}
            errors={form.allErrors.message}
          />
          <div>
            <SectionButton busy={navigation.state !== "idle"}>{t("listings.contact.send")}</SectionButton>
          </div>
        </Form>
      )}
    </section>
  );
}
