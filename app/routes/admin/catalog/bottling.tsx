import { data, Form, Link, redirect } from "react-router";
import { appContext } from "#app/context.ts";
import { Notice, PageTitle } from "#app/features/admin/catalog/ui.tsx";
import { bottlingPath } from "#app/features/bottlings/bottling-parts.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { parsePathId } from "#app/ui/seo/canonical.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import {
  type AttributeValues,
  BOTTLING_ATTRIBUTE_KEYS,
  NUMERIC_BOTTLING_KEYS,
} from "#core/contracts/bottlings.ts";
import { translate } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { BottlingEditSchema, BottlingMergeSchema } from "#core/schemas/bottlings.ts";
import { requireScope } from "../guard.server.ts";
import type { Route } from "./+types/bottling";

/**
 * One bottling in the back office (`/admin/katalog/lahve/:id`, scope `catalog`): its names and
 * attributes to correct, its linked listings, and "Sloučit do…" with the survivor's id (links and
 * watchers move there, its public page redirects). Both changes are audited by the module.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("adminBottlings.title"), noindex: true }));
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireScope(context, "catalog");
  const { services, locale } = context.get(appContext);
  const id = parsePathId(params.id);
  const detail = id ? await services.bottlings.admin.detail(id, locale) : null;
  if (!detail) throw data(null, { status: 404 });
  const url = new URL(request.url);
  return { ...detail, saved: url.searchParams.has("ulozeno"), moved: url.searchParams.get("presunuto") };
}

/** The attributes typed in the form (`attr.<key>`), numbers as numbers. */
function attributesOf(form: FormData): AttributeValues {
  const out: AttributeValues = {};
  for (const key of BOTTLING_ATTRIBUTE_KEYS) {
    const raw = String(form.get(`attr.${key}`) ?? "").trim();
    if (!raw) continue;
    const number = Number(raw.replace(",", "."));
    out[key] = NUMERIC_BOTTLING_KEYS.has(key) && Number.isFinite(number) ? number : raw.slice(0, 120);
  }
  return out;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const staff = requireScope(context, "catalog");
  const { services, locale, clientIp } = context.get(appContext);
  const id = parsePathId(params.id);
  if (!id) throw data(null, { status: 404 });
  const form = await request.formData();
  const actor = { actorId: staff.id, ip: clientIp };
  const here = localePath("adminBottling", locale, { id });
  const say = (code: string, status: number) =>
    data({ error: translate(locale, `adminBottlings.errors.${code as "invalid"}`) }, { status });
  if (form.get("intent") === "merge") {
    const parsed = BottlingMergeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return say("invalid", 422);
    const outcome = await services.bottlings.admin.merge(actor, id, parsed.data.intoId);
    if (!outcome.ok) return say(outcome.code, outcome.code === "not_found" ? 404 : 409);
    throw redirect(
      `${localePath("adminBottling", locale, { id: parsed.data.intoId })}?presunuto=${outcome.value.moved}`,
    );
  }
  const parsed = BottlingEditSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return say("invalid", 422);
  const outcome = await services.bottlings.admin.edit(actor, id, {
    nameCs: parsed.data.nameCs,
    nameEn: parsed.data.nameEn ?? null,
    attributes: attributesOf(form),
  });
  if (!outcome.ok) return say(outcome.code, outcome.code === "not_found" ? 404 : 409);
  throw redirect(`${here}?ulozeno=1`);
}

const field = "min-h-10 w-full rounded-md border border-line bg-white px-3";

function EditForm({ bottling }: { bottling: Route.ComponentProps["loaderData"]["bottling"] }) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
      data-testid="bottling-edit"
    >
      <h2 className="font-serif text-xl text-primary-dark">{t("adminBottlings.edit")}</h2>
      <div className="grid gap-3 tablet:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          {t("adminBottlings.nameCs")}
          <input
            name="nameCs"
            required
            minLength={2}
            maxLength={200}
            defaultValue={bottling.nameCs}
            className={field}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t("adminBottlings.nameEn")}
          <input name="nameEn" maxLength={200} defaultValue={bottling.nameEn ?? ""} className={field} />
        </label>
        {BOTTLING_ATTRIBUTE_KEYS.map((key) => (
          <label key={key} className="flex flex-col gap-1 text-sm">
            {t(`bottlings.attributes.${key}`)}
            <input
              name={`attr.${key}`}
              inputMode={NUMERIC_BOTTLING_KEYS.has(key) ? "decimal" : undefined}
              maxLength={120}
              defaultValue={bottling.attributes[key] === undefined ? "" : String(bottling.attributes[key])}
              className={field}
            />
          </label>
        ))}
      </div>
      <button
        type="submit"
        name="intent"
        value="edit"
        className="min-h-10 self-start rounded-md bg-primary-dark px-4 font-semibold text-white"
      >
        {t("adminBottlings.save")}
      </button>
    </Form>
  );
}

function MergeForm() {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      className="flex flex-col gap-2 rounded-lg border border-danger/40 bg-white p-4"
      data-testid="bottling-merge"
    >
      <h2 className="font-serif text-xl text-primary-dark">{t("adminBottlings.merge")}</h2>
      <p className="text-sm text-muted">{t("adminBottlings.mergeLead")}</p>
      <label className="flex flex-col gap-1 text-sm">
        {t("adminBottlings.mergeInto")}
        <input name="intoId" required inputMode="numeric" pattern="[0-9]+" className={`${field} max-w-48`} />
      </label>
      <button
        type="submit"
        name="intent"
        value="merge"
        className="min-h-10 self-start rounded-md bg-danger px-4 font-semibold text-white"
      >
        {t("adminBottlings.mergeButton")}
      </button>
    </Form>
  );
}

export default function AdminBottlingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { bottling, listings, saved, moved } = loaderData;
  return (
    <div className="flex flex-col gap-5" data-testid="admin-bottling">
      <PageTitle lead={bottling.brandName ?? undefined}>
        {t("adminBottlings.detail", { id: bottling.id })}: {bottling.name}
      </PageTitle>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to={localePath("adminBottlings", locale)} className="text-primary-dark underline">
          {t("adminBottlings.title")}
        </Link>
        <Link to={bottlingPath(locale, bottling)} className="text-primary-dark underline">
          {t("adminBottlings.publicPage")}
        </Link>
      </p>
      {saved ? <Notice>{t("adminBottlings.saved")}</Notice> : null}
      {moved !== null ? <Notice>{t("adminBottlings.merged", { count: Number(moved) })}</Notice> : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-danger" data-testid="form-error">
          {actionData.error}
        </p>
      ) : null}
      {bottling.status === "merged" ? (
        <p>{t("adminBottlings.mergedInto", { id: bottling.mergedIntoId ?? 0 })}</p>
      ) : (
        <>
          <EditForm bottling={bottling} />
          <MergeForm />
        </>
      )}
      <section className="flex flex-col gap-2">
        <h2 className="font-serif text-xl text-primary-dark">{t("adminBottlings.listings")}</h2>
        {listings.length === 0 ? (
          <p>{t("adminBottlings.noListings")}</p>
        ) : (
          <ul className="list-disc pl-5" data-testid="bottling-listings">
            {listings.map((card) => (
              <li key={card.id}>
                <Link
                  to={localePath("adminListing", locale, { id: card.id })}
                  className="text-primary-dark underline"
                >
                  {card.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
