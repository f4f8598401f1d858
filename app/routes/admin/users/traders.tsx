import { data, Form, Link, useSearchParams } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate } from "#app/ui/dates-and-prices.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { AdminTraderFilter, AdminTraderRow } from "#core/contracts/traders.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { TraderSuspensionSchema } from "#core/schemas/traders.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/traders";

/**
 * The back office's traders (`/admin/obchodnici`, scope `users`; issue 36, item 2): traders with
 * missing or unverified data and suspended sellers, filterable, each with what is missing; a
 * re-check against ARES; a suspension with a statement of reasons (the seller is told in their
 * language) and its lifting. Every action is audited by the traders module.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminTraders.title"), noindex: true }));
}

const FILTERS: AdminTraderFilter[] = ["attention", "unverified", "suspended", "all"];

function filterOf(request: Request): AdminTraderFilter {
  const value = new URL(request.url).searchParams.get("filtr");
  return FILTERS.find((filter) => filter === value) ?? "attention";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireScope(context, "users");
  const { services } = context.get(appContext);
  const filter = filterOf(request);
  return { filter, rows: await services.traders.admin.list(filter) };
}

type Answer = { userId: number | null; error: string | null; done: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireScope(context, "users");
  const { services, locale, clientIp } = context.get(appContext);
  const parsed = TraderSuspensionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  const { userId, intent, reasons } = parsed.data;
  const by = { actorId: staff.id, ip: clientIp };
  const result =
    intent === "suspend"
      ? await services.traders.admin.suspend(userId, reasons, by)
      : intent === "reinstate"
        ? await services.traders.admin.reinstate(userId, by)
        : await services.traders.admin.recheck(userId, by);
  if (result.ok)
    return { userId, error: null, done: translate(locale, `adminTraders.done.${intent}`) } satisfies Answer;
  const status =
    result.code === "not_found"
      ? 404
      : result.code === "invalid"
        ? 422
        : result.code === "limited"
          ? 429
          : 409;
  return data<Answer>(
    { userId, error: translate(locale, `adminTraders.errors.${result.code}`), done: null },
    { status },
  );
}

function Filters({ current }: { current: AdminTraderFilter }) {
  const { t, locale } = useTranslation();
  const [params] = useSearchParams();
  return (
    <nav aria-label={t("adminTraders.filters.label")} className="flex flex-wrap gap-2">
      {FILTERS.map((filter) => {
        const next = new URLSearchParams(params);
        next.set("filtr", filter);
        return (
          <Link
            key={filter}
            to={`${localePath("adminTraders", locale)}?${next}`}
            aria-current={filter === current ? "page" : undefined}
            className="rounded-full px-3 py-1 text-sm ring-1 ring-line aria-[current=page]:bg-primary-dark aria-[current=page]:text-white"
            data-testid={`filter-${filter}`}
          >
            {t(`adminTraders.filters.${filter}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** The suspension with its statement of reasons, folded until staff open it (works before scripts too). */
function SuspendForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const id = `reasons-${userId}`;
  return (
    <details className="mt-3 rounded-xl bg-light p-4" data-testid="suspend-form">
      <summary className="cursor-pointer font-semibold text-primary-dark">
        {t("adminTraders.suspendTitle")}
      </summary>
      <Form method="post">
        <input type="hidden" name="userId" value={userId} />
        <label className="mt-2 block text-sm font-medium" htmlFor={id}>
          {t("adminTraders.reasons")}
        </label>
        <textarea
          id={id}
          name="reasons"
          required
          minLength={20}
          maxLength={4000}
          rows={3}
          className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2"
        />
        <button
          type="submit"
          name="intent"
          value="suspend"
          className="mt-2 rounded-lg bg-danger px-4 py-2 font-semibold text-white hover:bg-[#8c2925]"
        >
          {t("adminTraders.suspend")}
        </button>
      </Form>
    </details>
  );
}

/** One of a row's actions: a form posting its intent for the trader. */
function IntentButton({
  row,
  intent,
  label,
  className,
}: {
  row: AdminTraderRow;
  intent: string;
  label: string;
  className: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="userId" value={row.userId} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`rounded-lg px-3 py-1.5 text-sm ${className}`}
      >
        {label}
      </button>
    </Form>
  );
}

/** Re-check in ARES (a trader with an IČO) and lifting a suspension. */
function RowActions({ row }: { row: AdminTraderRow }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {row.kind === "trader" && row.ico ? (
        <IntentButton
          row={row}
          intent="recheck"
          label={t("adminTraders.recheck")}
          className="ring-1 ring-primary-dark"
        />
      ) : null}
      {row.status === "suspended" ? (
        <IntentButton
          row={row}
          intent="reinstate"
          label={t("adminTraders.reinstate")}
          className="bg-primary-dark text-white"
        />
      ) : null}
    </div>
  );
}

function TraderRow({ row, note }: { row: AdminTraderRow; note: Answer | null }) {
  const { t, locale } = useTranslation();
  const missing = row.gaps.map((gap) => t(`traders.gaps.${gap}`)).join(", ");
  return (
    <li
      className="rounded-2xl bg-white p-4 ring-1 ring-line"
      data-testid="trader-row"
      data-user-id={row.userId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="break-all font-semibold text-primary-dark">
          <Link
            to={localePath("adminUser", locale, { id: String(row.userId) })}
            className="underline underline-offset-4"
          >
            {row.username}
          </Link>{" "}
          <span className="font-normal text-muted">
            {t(`adminTraders.kind.${row.kind}`)}
            {row.name ? ` · ${row.name}` : ""}
            {row.ico ? ` · IČO ${row.ico}` : ""}
          </span>
        </p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${row.status === "suspended" ? "bg-danger/10 text-danger" : "bg-success/10 text-primary-dark"}`}
        >
          {t(`adminTraders.status.${row.status}`)}
        </span>
      </div>
      <p className="mt-1 text-sm" data-testid="trader-gaps">
        {row.gaps.length ? t("adminTraders.missing", { list: missing }) : t("adminTraders.complete")}
      </p>
      {row.kind === "trader" ? (
        <p className="mt-1 text-sm text-muted">
          {t(`adminTraders.ares.${row.aresCheck ?? "never"}`)}
          {row.aresCheckedAt
            ? ` (${t("adminTraders.checkedAt", { date: formatDate(row.aresCheckedAt, locale, true) })})`
            : ""}
        </p>
      ) : null}
      {row.suspension ? (
        <p className="mt-2 rounded bg-danger/5 px-3 py-2 text-sm">
          {t("adminTraders.suspendedBecause", {
            date: formatDate(row.suspension.at, locale),
            reasons: row.suspension.reasons,
          })}
        </p>
      ) : null}
      {note?.userId === row.userId && (note.error || note.done) ? (
        <p
          role={note.error ? "alert" : "status"}
          className={`mt-2 text-sm ${note.error ? "text-danger" : "text-success"}`}
        >
          {note.error ?? note.done}
        </p>
      ) : null}
      <RowActions row={row} />
      {row.status === "active" ? <SuspendForm userId={row.userId} /> : null}
    </li>
  );
}

export default function AdminTradersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5" data-testid="admin-traders">
      <header>
        <h1 className="font-serif text-3xl text-primary-dark">{t("adminTraders.title")}</h1>
        <p className="mt-1 max-w-3xl text-muted">{t("adminTraders.lead")}</p>
      </header>
      <Filters current={loaderData.filter} />
      {loaderData.rows.length === 0 ? (
        <p className="text-muted">{t("adminTraders.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.rows.map((row) => (
            <TraderRow key={row.userId} row={row} note={actionData ?? null} />
          ))}
        </ul>
      )}
    </div>
  );
}
