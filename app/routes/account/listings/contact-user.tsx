import { data, Form, useNavigation } from "react-router";
import { appContext } from "#app/context.ts";
import { SectionButton } from "#app/features/account/section.tsx";
import {
  ContactField,
  ContactHeader,
  ContactRefusal,
  contactSelectClass,
  MessageField,
} from "#app/features/listings/contact-form.tsx";
import { ContactSent } from "#app/features/listings/contact-sent.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { requirePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { listingRefusalMessage, listingRefusalStatus } from "#core/contracts/listing-refusals.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { ContactUserSchema } from "#core/schemas/listing.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/contact-user";

/**
 * "Write to the seller" from a user's profile. A message is always about a listing
 * (docs/product/messages-and-reviews.md, "Conversations"; the inbox shows each with its item), so
 * the page asks which of the user's listings (live, scheduled, ended or sold) the message is about,
 * as eBay's "contact the seller" does; the message then opens or continues that conversation
 * exactly like the product page's button. Guests are sent to log in and come back here.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("listings.contact.title"), noindex: true }));
}

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
  | { ok: false; result: FormReply | null; message?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const sellerId = requirePathId(params.userId);
  const submission = parseForm(await request.formData(), ContactUserSchema, locale);
  const refuse = (fieldErrors?: Record<string, string[]>) =>
    data<ContactUserActionData>(
      { ok: false, result: submission.reply(fieldErrors ? { fieldErrors } : undefined) as FormReply },
      { status: 422 },
    );
  if (submission.status !== "success") return refuse();
  const { productId, message } = submission.value;
  const items = await services.listings.contactItems(sellerId, locale);
  const item = items.find((candidate) => candidate.id === productId);
  // Only a listing of this user: the page is about writing to them.
  if (!item) return refuse({ productId: [translate(locale, "validation.required")] });
  const result = await services.listings.contactSeller(user!.id, item.id, message);
  if (result.ok)
    return { ok: true, threadId: result.value.threadId, name: item.name } satisfies ContactUserActionData;
  if (result.code === "not_found") throw data(null, { status: 404 });
  if (result.code === "invalid") return refuse(translateProblems(locale, result.details));
  const refusal = listingRefusalMessage(locale, result.code);
  return data<ContactUserActionData>(
    { ok: false, result: null, message: refusal },
    { status: listingRefusalStatus(result.code) },
  );
}

export default function ContactUserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const { seller, own, items, selected } = loaderData;
  const result = actionData as ContactUserActionData | undefined;
  const [form] = useSchemaForm(ContactUserSchema, result && !result.ok ? result.result : null);
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

  return (
    <section data-testid="contact-user-page" className="flex flex-col gap-6">
      <ContactHeader
        back={{ to: profilePath, label: t("listings.contact.backToProfile") }}
        title={t("listings.contact.title")}
        lead={own ? undefined : t("listings.contact.userLead", { seller: seller.username })}
      />
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
          id={form.id}
          onSubmit={form.onSubmit}
          noValidate
          className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5 tablet:p-7"
        >
          <ContactRefusal message={result && !result.ok ? result.message : undefined} />
          <AboutField items={items} selected={selected} errors={form.allErrors.productId} />
          <MessageField hint={t("listings.contact.messageHint")} errors={form.allErrors.message} />
          <div>
            <SectionButton busy={navigation.state !== "idle"}>{t("listings.contact.send")}</SectionButton>
          </div>
        </Form>
      )}
    </section>
  );
}

/** Which of the user's listings the message is about. */
function AboutField({
  items,
  selected,
  errors,
}: {
  items: { id: number; name: string; status: keyof typeof STATUS_KEYS }[];
  selected: number | null;
  errors?: string[];
}) {
  const { t } = useTranslation();
  return (
    <ContactField label={t("listings.contact.about")} hint={t("listings.contact.aboutHint")} errors={errors}>
      {(props) => (
        <select
          {...props}
          name="productId"
          required
          defaultValue={selected ?? ""}
          className={contactSelectClass}
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
      )}
    </ContactField>
  );
}
