import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "#app/context.ts";
import { AccountSection, SectionButton } from "#app/features/account/section.tsx";
import { WatchdogFeed } from "#app/features/account/watchdog-feed.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import type { CategoryNode } from "#app/shell.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { showSnackbar } from "#app/ui/feedback/snackbar-store.ts";
import { type FormReply, parseForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { useShellData } from "#app/ui/live-counts.ts";
import { feedLink } from "#app/ui/seo/feed-link.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { WatchdogActionData } from "#app/ui/watchdog-button.tsx";
import { type Locale, type MessageKey, translate } from "#core/i18n/index.ts";
import { WATCHDOG_QUERY_MAX, WatchdogActionSchema, WatchdogInputSchema } from "#core/schemas/watchdog.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import { feedPath, feedUrl } from "#core/web/feed-paths.ts";
import type { Route } from "./+types/watchdogs";

/**
 * Stock watchdogs (`/ucet/hlidaci-pes`): what the user watches (a sold-out product, a category, a
 * search), how it is delivered (at once or in the daily digest at 8:00), and a form to add a
 * category or search watchdog; product watchdogs are set from the product page. Its action also
 * serves the "watch this" buttons of the product, category and search pages.
 */
export const middleware = named("auth");

/** Each search watchdog's feed is linked in the head too, for a reader or a browser extension to find. */
export function meta(args: Route.MetaArgs) {
  const tags = pageMeta(args, (t) => ({ title: t("watchdog.page.title"), noindex: true }));
  const data = args.loaderData;
  if (!data) return tags;
  return [
    ...tags,
    ...data.items.flatMap((item) => {
      const token = data.feeds[item.id];
      return token
        ? [feedLink(data.origin, data.locale, feedPath("search", data.locale, token), item.label)]
        : [];
    }),
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale, config } = context.get(appContext);
  const [items, feeds] = await Promise.all([
    services.watchdogs.list(user!.id, locale),
    services.watchdogs.feedTokens(user!.id),
  ]);
  // Search watchdogs' feed tokens by watchdog id (docs/product/visitor-basics.md, "Feeds").
  return { items, feeds: Object.fromEntries(feeds), origin: config.publicUrl, locale };
}

export type WatchdogsPageAction = WatchdogActionData & { intent: string; result?: FormReply };

/**
 * The page's forms and the "watch this" buttons, read through core/schemas/watchdog.ts: a new
 * watchdog (its refusals back at their fields), a delivery, a removal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), WatchdogActionSchema, locale);
  const t = (key: MessageKey) => translate(locale, key);
  const intent = submission.payload.intent;
  if (intent !== "create" && intent !== "delivery" && intent !== "remove" && intent !== "resetFeed")
    throw data(null, { status: 400 });
  if (submission.status !== "success") {
    if (intent !== "create") throw data(null, { status: submission.error?.id ? 404 : 422 });
    return refusedWatchdog(submission.reply() as FormReply);
  }
  const input = submission.value;
  if (input.intent === "create") {
    const { intent: _, ...watchdog } = input;
    const result = await services.watchdogs.create(user!.id, watchdog);
    if (!result.ok) {
      const fieldErrors = translateProblems(locale, result.details.problems);
      return refusedWatchdog(submission.reply({ fieldErrors }) as FormReply);
    }
    const { created } = result.value;
    const message = t(created ? "watchdog.page.created" : "watchdog.page.exists");
    return { intent: "create", ok: true, created, message } satisfies WatchdogsPageAction;
  }
  if (input.intent === "delivery") {
    const done = await services.watchdogs.setDelivery(user!.id, input.id, input.delivery);
    if (done === "invalid") throw data(null, { status: 422 });
    if (!done) throw data(null, { status: 404 });
    return { intent: "delivery", ok: true, message: t("watchdog.page.saved") } satisfies WatchdogsPageAction;
  }
  if (input.intent === "resetFeed") {
    if (!(await services.watchdogs.resetFeedToken(user!.id, input.id))) throw data(null, { status: 404 });
    return {
      intent: "resetFeed",
      ok: true,
      message: t("feeds.watchdog.resetDone"),
    } satisfies WatchdogsPageAction;
  }
  if (!(await services.watchdogs.remove(user!.id, input.id))) throw data(null, { status: 404 });
  return { intent: "remove", ok: true, message: t("watchdog.page.removed") } satisfies WatchdogsPageAction;
}

/** A refused new watchdog: every reason in the snackbar, each at its field in the form. */
function refusedWatchdog(result: FormReply) {
  const message = Object.values(result.error ?? {})
    .flatMap((messages) => messages ?? [])
    .join(" ");
  return data<WatchdogsPageAction>({ intent: "create", ok: false, message, result }, { status: 422 });
}

/** The category tree as indented options (the picker for a category watchdog). */
function categoryOptions(nodes: CategoryNode[], depth = 0): { id: number; label: string }[] {
  return nodes.flatMap((node) => [
    { id: node.id, label: `${"\u00a0\u00a0".repeat(depth)}${depth ? "– " : ""}${node.name}` },
    ...(depth < 3 ? categoryOptions(node.subcategories, depth + 1) : []),
  ]);
}

const FIELD =
  "mt-1 min-h-11 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger";

/** A search watchdog's feed as an absolute URL (what a feed reader takes), or null. */
function searchFeedUrl(origin: string, locale: Locale, token: string | undefined): string | null {
  return token ? feedUrl(origin, "search", locale, token) : null;
}

export default function WatchdogsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const result = actionData as WatchdogsPageAction | undefined;
  const { items, feeds, origin } = loaderData;
  useEffect(() => {
    if (result) showSnackbar({ type: result.ok ? "success" : "danger", text: result.message });
  }, [result]);
  return (
    <section data-testid="watchdogs-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("watchdog.page.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("watchdog.page.lead")}</p>
      <div className="mt-8 flex flex-col gap-6">
        <AccountSection id="watchdogs" title={t("watchdog.page.listTitle")}>
          {items.length === 0 ? (
            <p className="text-muted" data-testid="watchdogs-empty">
              {t("watchdog.page.empty")}
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-line" data-testid="watchdog-list">
              {items.map((item) => (
                <WatchdogItem
                  key={item.id}
                  item={item}
                  feed={searchFeedUrl(origin, locale, feeds[item.id])}
                />
              ))}
            </ul>
          )}
        </AccountSection>
        <AccountSection
          id="watchdog-add"
          title={t("watchdog.page.addTitle")}
          lead={t("watchdog.page.addLead")}
        >
          <AddWatchdogForm result={result?.intent === "create" && !result.ok ? result.result : undefined} />
        </AccountSection>
      </div>
    </section>
  );
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

/** One watchdog: what it watches, when it last told, its delivery and removal, a search's feed. */
function WatchdogItem({ item, feed }: { item: Item; feed: string | null }) {
  const { t, locale } = useTranslation();
  const id = useId();
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 tablet:flex-row tablet:items-center"
      data-testid="watchdog"
      data-kind={item.kind}
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">
          {t(`watchdog.kind.${item.kind}`)}
        </p>
        <p className="mt-0.5 font-semibold break-words">
          {item.url ? (
            <Link to={item.url} className="hover:text-primary-dark hover:underline">
              {item.kind === "search" ? t("watchdog.page.quoted", { text: item.label }) : item.label}
            </Link>
          ) : (
            item.label
          )}
        </p>
        <p className="mt-0.5 text-sm text-muted">
          {item.lastNotifiedAt
            ? t("watchdog.page.lastTold", { date: formatDate(item.lastNotifiedAt, locale) })
            : t("watchdog.page.nothingYet")}
          {item.waiting > 0 ? ` · ${t("watchdog.page.waiting", { count: item.waiting })}` : ""}
        </p>
        {feed ? <WatchdogFeed id={item.id} url={feed} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="delivery" />
          <input type="hidden" name="id" value={item.id} />
          <label className="sr-only" htmlFor={`${id}-delivery`}>
            {t("watchdog.page.delivery")}
          </label>
          <select
            id={`${id}-delivery`}
            name="delivery"
            defaultValue={item.delivery}
            className="min-h-10 rounded border border-line bg-white px-2 text-sm"
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          >
            <option value="immediate">{t("watchdog.delivery.immediate")}</option>
            <option value="daily">{t("watchdog.delivery.daily")}</option>
          </select>
          <noscript>
            <SectionButton tone="secondary">{t("watchdog.page.save")}</SectionButton>
          </noscript>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            className="inline-flex min-h-10 items-center rounded px-3 text-sm font-semibold text-danger hover:bg-danger/5 focus-visible:outline-2 focus-visible:outline-danger"
            data-testid="watchdog-remove"
          >
            {t("watchdog.page.remove")}
          </button>
        </Form>
      </div>
    </li>
  );
}

/** A category or search watchdog, bound to the watchdog schema (product ones come from its page). */
function AddWatchdogForm({ result }: { result: FormReply | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useSchemaForm(WatchdogInputSchema, result);
  const [kind, setKind] = useState<"search" | "category">("search");
  const errors = form.allErrors;
  const sending = navigation.state !== "idle" && isCreate(navigation.formData);
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-5"
      data-testid="watchdog-form"
    >
      <input type="hidden" name="intent" value="create" />
      <fieldset>
        <legend className="font-medium">{t("watchdog.page.what")}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {(["search", "category"] as const).map((option) => (
            <label
              key={option}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 ring-1 ring-line has-[:checked]:bg-primary-dark has-[:checked]:text-white has-[:checked]:ring-primary-dark has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-dark"
            >
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
                className="sr-only"
              />
              {t(`watchdog.kind.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "search" ? (
        <QueryField errors={errors.query} />
      ) : (
        <CategoryField errors={errors.categoryId} />
      )}
      <DeliveryChoice />
      <p className="text-sm text-muted">{t("watchdog.page.productHint")}</p>
      <div>
        <SectionButton busy={sending}>{t("watchdog.page.add")}</SectionButton>
      </div>
    </Form>
  );
}

/** Whether a pending submission is the add form's. */
function isCreate(formData: FormData | undefined) {
  if (!formData) return false;
  return parseWithZod(formData, { schema: z.object({ intent: z.literal("create") }) }).status === "success";
}

function QueryField({ errors }: { errors: string[] | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {t("watchdog.page.query")}
      </label>
      <input
        id={id}
        name="query"
        maxLength={WATCHDOG_QUERY_MAX}
        placeholder={t("watchdog.page.queryPlaceholder")}
        aria-invalid={errors ? true : undefined}
        className={FIELD}
        data-testid="watchdog-query"
      />
      {errors ? <p className="mt-1 text-sm text-danger">{errors.join(" ")}</p> : null}
    </div>
  );
}

function CategoryField({ errors }: { errors: string[] | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const categories = useShellData()?.categories ?? [];
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {t("watchdog.page.category")}
      </label>
      <select id={id} name="categoryId" className={FIELD} aria-invalid={errors ? true : undefined}>
        {categoryOptions(categories).map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {errors ? <p className="mt-1 text-sm text-danger">{errors.join(" ")}</p> : null}
    </div>
  );
}

function DeliveryChoice() {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="font-medium">{t("watchdog.page.delivery")}</legend>
      <div className="mt-2 flex flex-col gap-2 tablet:flex-row tablet:gap-6">
        {(["immediate", "daily"] as const).map((delivery) => (
          <label key={delivery} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="delivery"
              value={delivery}
              defaultChecked={delivery === "immediate"}
              className="size-5 accent-primary-dark"
            />
            <span>
              {t(`watchdog.delivery.${delivery}`)}
              <span className="block text-sm text-muted">{t(`watchdog.delivery.${delivery}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
