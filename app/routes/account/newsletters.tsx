import { useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { AccountSection, SavedMessage, SectionButton } from "#app/features/account/section.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { CheckboxTree } from "#app/ui/checkbox-tree.tsx";
import { showSnackbar } from "#app/ui/feedback/snackbar-store.ts";
import { parseForm, usePendingForm } from "#app/ui/forms/conform.ts";
import { useShellData } from "#app/ui/live-counts.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { NewslettersFormSchema } from "#core/schemas/account.ts";
import type { Route } from "./+types/newsletters";

/**
 * Newsletters (`/ucet/newslettery`): the account e-mail's subscription and its categories, through the
 * subscriber service behind /api/subscriber/get and /api/subscriber/preferences. The category selector
 * is the checkbox tree of docs/product/screens.md, "Client state" (check-down, 6 columns, 4 levels);
 * saving answers with the texts of docs/product/calls-and-errors.md ("Error catalogue"). Saving while
 * not subscribed subscribes the account e-mail (at once when it is confirmed, otherwise after the
 * opt-in mail); the toggle ends the subscription.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("security.newslettersPage.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  // The auth middleware guarantees a user.
  const subscription = await services.newsletter.subscription(user!.email);
  return { email: user!.email, ...subscription };
}

export type NewslettersActionData = { intent: "preferences" | "unsubscribe"; ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale, logger } = context.get(appContext);
  const submission = parseForm(await request.formData(), NewslettersFormSchema, locale);
  const reply = (result: NewslettersActionData, status = 200) => data(result, { status });
  const failed = (status: number) =>
    reply(
      { intent: "preferences", ok: false, message: translate(locale, "newsletter.preferencesFailed") },
      status,
    );
  if (submission.status !== "success") {
    // Categories that are no ids (or too many) are the save's failure; anything else a bad request.
    if (submission.error?.selectedCategories) return failed(422);
    throw data(null, { status: 400 });
  }
  const form = submission.value;
  if (form.intent === "unsubscribe") {
    await services.newsletter.unsubscribeEmail(user!.email);
    return reply({
      intent: form.intent,
      ok: true,
      message: translate(locale, "security.newslettersPage.unsubscribed"),
    });
  }
  try {
    const result = await services.newsletter.savePreferences(
      { id: user!.id, email: user!.email, emailConfirmed: user!.emailConfirmed },
      form.selectedCategories,
      locale,
    );
    if (!result.ok) return failed(422);
  } catch (error) {
    logger.error({ err: error, userId: user!.id }, "newsletter preferences could not be saved");
    return failed(500);
  }
  return reply({ intent: form.intent, ok: true, message: translate(locale, "newsletter.preferencesSaved") });
}

type Loaded = Route.ComponentProps["loaderData"];
type Answer = Route.ComponentProps["actionData"];

export default function NewslettersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>(loaderData.selectedCategories);
  const stored = loaderData.selectedCategories.join(",");

  // A save or an unsubscribe reloads the stored choice: show that one.
  useEffect(() => {
    setSelected(stored ? stored.split(",").map(Number) : []);
  }, [stored]);

  // The outcome as a snackbar (docs/product/calls-and-errors.md, "Error catalogue"), also said in
  // the card for screen readers.
  useEffect(() => {
    if (actionData) showSnackbar({ type: actionData.ok ? "success" : "danger", text: actionData.message });
  }, [actionData]);

  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <section data-testid="newsletters-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
        {t("security.newslettersPage.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t("security.newslettersPage.lead")}</p>

      <div className="mt-8 flex flex-col gap-6">
        <SubscriptionSection loaded={loaderData} selected={selected} />
        <CategoriesSection
          subscribed={loaderData.status !== "none"}
          selected={selected}
          onChange={setSelected}
          answer={actionData}
        />
        <NoticesLink />
      </div>
    </section>
  );
}

/** The chosen categories, sent with either form. */
function SelectedFields({ selected }: { selected: number[] }) {
  return (
    <>
      <input type="hidden" name="intent" value="preferences" />
      {selected.map((id) => (
        <input key={id} type="hidden" name="selectedCategories" value={id} />
      ))}
    </>
  );
}

/** Whether the account e-mail gets newsletters, and the button that changes it. */
function SubscriptionSection({ loaded, selected }: { loaded: Loaded; selected: number[] }) {
  const { t } = useTranslation();
  const pending = usePendingForm(NewslettersFormSchema);
  const subscribed = loaded.status !== "none";
  const statusText = t(`security.newslettersPage.${loaded.status}`, { email: loaded.email });
  const dot =
    loaded.status === "active" ? "bg-success" : loaded.status === "pending" ? "bg-secondary" : "bg-line";
  return (
    <AccountSection id="subscription" title={t("security.newslettersPage.statusTitle")}>
      <div className="flex flex-col gap-4 tablet:flex-row tablet:items-center tablet:justify-between">
        <p className="flex items-start gap-2" data-testid="newsletter-status" data-status={loaded.status}>
          <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${dot}`} />
          <span>{statusText}</span>
        </p>
        <Form method="post" className="shrink-0">
          {subscribed ? (
            <>
              <input type="hidden" name="intent" value="unsubscribe" />
              <SectionButton tone="secondary" busy={pending?.intent === "unsubscribe"}>
                {t("security.newslettersPage.unsubscribe")}
              </SectionButton>
            </>
          ) : (
            <>
              <SelectedFields selected={selected} />
              <SectionButton busy={pending?.intent === "preferences"}>
                {t("security.newslettersPage.subscribe")}
              </SectionButton>
            </>
          )}
        </Form>
      </div>
    </AccountSection>
  );
}

/**
 * The checkbox tree of categories (check-down, 6 columns, 4 levels; docs/product/screens.md,
 * "Client state") and its save button.
 */
function CategoriesSection({
  subscribed,
  selected,
  onChange,
  answer,
}: {
  subscribed: boolean;
  selected: number[];
  onChange: (selected: number[]) => void;
  answer: Answer;
}) {
  const { t } = useTranslation();
  const categories = useShellData()?.categories ?? [];
  const saving = usePendingForm(NewslettersFormSchema)?.intent === "preferences";
  return (
    <AccountSection
      id="categories"
      title={t("security.newslettersPage.categoriesTitle")}
      lead={t("security.newslettersPage.categoriesLead")}
    >
      <Form method="post">
        <SelectedFields selected={selected} />
        <CheckboxTree
          categories={categories}
          selected={selected}
          onChange={onChange}
          mode="down"
          columns={6}
          label={t("security.newslettersPage.treeLabel")}
        />
        {/* Sticky: on a phone the tree is several screens long, the button stays at hand. */}
        <div className="sticky bottom-0 -mx-5 mt-6 flex flex-col gap-3 border-t border-line bg-white px-5 py-4 tablet:static tablet:mx-0 tablet:flex-row tablet:items-center tablet:px-0 tablet:pb-0">
          <SectionButton busy={saving}>
            {saving
              ? t("security.newslettersPage.saving")
              : subscribed
                ? t("security.newslettersPage.save")
                : t("security.newslettersPage.saveAndSubscribe")}
          </SectionButton>
          <p className="text-sm text-muted" aria-live="polite">
            {t("security.newslettersPage.selected", { count: selected.length })}
            {selected.length > 0 ? (
              <>
                {" · "}
                <button
                  type="button"
                  onClick={() => onChange([])}
                  className="text-primary-dark underline underline-offset-4"
                >
                  {t("security.newslettersPage.clear")}
                </button>
              </>
            ) : null}
          </p>
        </div>
        {answer && !answer.ok ? (
          <p role="alert" className="mt-3 text-danger">
            {answer.message}
          </p>
        ) : (
          <div className="mt-3">
            <SavedMessage message={answer?.message} />
          </div>
        )}
      </Form>
    </AccountSection>
  );
}

/** The switches of notice e-mails (outbid, won, new messages...) live on their own page. */
function NoticesLink() {
  const { t, locale } = useTranslation();
  return (
    <AccountSection
      id="notices"
      title={t("messages.settings.linkTitle")}
      lead={t("messages.settings.linkLead")}
    >
      <Link
        to={localePath("accountNotifications", locale)}
        className="inline-flex min-h-11 items-center rounded border border-primary-dark bg-white px-5 py-2 font-semibold text-primary-dark hover:bg-light"
        data-testid="notifications-link"
      >
        {t("messages.settings.linkButton")}
      </Link>
    </AccountSection>
  );
}
