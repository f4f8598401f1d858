import { useEffect, useId, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AccountSection, SectionButton } from "#app/components/account/section.tsx";
import { showSnackbar } from "#app/components/feedback/snackbar-store.ts";
import { useShellData } from "#app/components/header/live-counts.ts";
import { formatDate } from "#app/components/product/format.ts";
import { pageMeta } from "#app/components/seo/page-meta.ts";
import type { WatchdogActionData } from "#app/components/watchdog/watchdog-button.tsx";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import type { CategoryNode } from "#app/shell.ts";
import { type MessageKey, translate } from "#core/i18n/index.ts";
import type { Route } from "./+types/watchdogs";

/**
 * Stock watchdogs (`/ucet/hlidaci-pes`): what the user watches (a sold-out product, a category, a
 * search), how it is delivered (at once or in the daily digest at 8:00), and a form to add a
 * category or search watchdog; product watchdogs are set from the product page. Its action also
 * serves the "watch this" buttons of the product, category and search pages.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("watchdog.page.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, locale } = context.get(appContext);
  return { items: await services.watchdogs.list(user!.id, locale) };
}

type FormErrors = Record<string, string[]>;
export type WatchdogsPageAction = WatchdogActionData & { intent: string; errors?: FormErrors };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const t = (key: MessageKey) => translate(locale, key);
  if (intent === "create") {
    const kind = String(form.get("kind") ?? "");
    const number = (name: string) => (form.get(name) === null ? undefined : Number(form.get(name)));
    const result = await services.watchdogs.create(
      user!.id,
      {
        kind,
        productId: number("productId"),
        categoryId: number("categoryId"),
        query: form.get("query") === null ? undefined : String(form.get("query")),
        delivery: String(form.get("delivery") ?? "immediate"),
      },
      locale,
    );
    if (result.status === "invalid")
      return data<WatchdogsPageAction>(
        { intent, ok: false, message: Object.values(result.errors).flat().join(" "), errors: result.errors },
        { status: 422 },
      );
    return {
      intent,
      ok: true,
      created: result.status === "created",
      message: t(result.status === "created" ? "watchdog.page.created" : "watchdog.page.exists"),
    } satisfies WatchdogsPageAction;
  }
  const id = Number(form.get("id"));
  if (intent === "delivery") {
    const done = await services.watchdogs.setDelivery(user!.id, id, form.get("delivery"));
    if (done === "invalid") throw data(null, { status: 422 });
    if (!done) throw data(null, { status: 404 });
    return { intent, ok: true, message: t("watchdog.page.saved") } satisfies WatchdogsPageAction;
  }
  if (intent === "remove") {
    if (!(await services.watchdogs.remove(user!.id, id))) throw data(null, { status: 404 });
    return { intent, ok: true, message: t("watchdog.page.removed") } satisfies WatchdogsPageAction;
  }
  throw data(null, { status: 400 });
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

export default function WatchdogsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const navigation = useNavigation();
  const id = useId();
  const categories = useShellData()?.categories ?? [];
  const [kind, setKind] = useState<"search" | "category">("search");
  const result = actionData as WatchdogsPageAction | undefined;
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const { items } = loaderData;

  useEffect(() => {
    if (result) showSnackbar({ type: result.ok ? "success" : "danger", text: result.message });
  }, [result]);

  const errors = result?.intent === "create" && !result.ok ? (result.errors ?? {}) : {};

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
                <li
                  key={item.id}
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
                          {item.kind === "search" ? `„${item.label}“` : item.label}
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
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="delivery" />
                      <input type="hidden" name="id" value={item.id} />
                      <label className="sr-only" htmlFor={`${id}-delivery-${item.id}`}>
                        {t("watchdog.page.delivery")}
                      </label>
                      <select
                        id={`${id}-delivery-${item.id}`}
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
              ))}
            </ul>
          )}
        </AccountSection>

        <AccountSection
          id="watchdog-add"
          title={t("watchdog.page.addTitle")}
          lead={t("watchdog.page.addLead")}
        >
          <Form method="post" noValidate className="flex flex-col gap-5" data-testid="watchdog-form">
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
              <div>
                <label htmlFor={`${id}-query`} className="block font-medium">
                  {t("watchdog.page.query")}
                </label>
                <input
                  id={`${id}-query`}
                  name="query"
                  maxLength={100}
                  placeholder={t("watchdog.page.queryPlaceholder")}
                  aria-invalid={errors.query ? true : undefined}
                  className={FIELD}
                  data-testid="watchdog-query"
                />
                {errors.query ? <p className="mt-1 text-sm text-danger">{errors.query.join(" ")}</p> : null}
              </div>
            ) : (
              <div>
                <label htmlFor={`${id}-category`} className="block font-medium">
                  {t("watchdog.page.category")}
                </label>
                <select
                  id={`${id}-category`}
                  name="categoryId"
                  className={FIELD}
                  aria-invalid={errors.categoryId ? true : undefined}
                >
                  {categoryOptions(categories).map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.label}
                    </option>
                  ))}
                </select>
                {errors.categoryId ? (
                  <p className="mt-1 text-sm text-danger">{errors.categoryId.join(" ")}</p>
                ) : null}
              </div>
            )}
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
                      <span className="block text-sm text-muted">
                        {t(`watchdog.delivery.${delivery}Hint`)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="text-sm text-muted">{t("watchdog.page.productHint")}</p>
            <div>
              <SectionButton busy={busy("create")}>{t("watchdog.page.add")}</SectionButton>
            </div>
          </Form>
        </AccountSection>
      </div>
    </section>
  );
}
