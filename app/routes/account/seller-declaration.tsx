import { data } from "react-router";
import { appContext } from "#app/context.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { parseForm } from "#app/ui/forms/conform.ts";
import type { FieldErrors } from "#app/ui/forms/fields.tsx";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { ARES_CHECK_KEYS, type SellerDeclarationView, TRADER_FIELDS } from "#core/contracts/traders.ts";
import { formatIban } from "#core/formats/iban.ts";
import { normalizeZip } from "#core/formats/postal-code.ts";
import { type Locale, translate } from "#core/i18n/index.ts";
import { SellerDeclarationFormSchema } from "#core/schemas/traders.ts";
import { translateProblems } from "#core/validation/field-errors.ts";
import type { Route } from "./+types/seller-declaration";
import {
  type DeclarationAnswer,
  KindChoice,
  PrivateForm,
  TraderForm,
  type TraderValues,
} from "./seller-declaration-form.tsx";

/**
 * The seller's declaration (`/ucet/prodavajici`; issue 36, item 2; docs/product/trust.md, "Private
 * seller or trader"): private person or trader; a trader's DSA Art 30 data with "Načíst z ARES",
 * which prefills the name and the seat's address, and the save, which checks the IČO in ARES. Every
 * rule is services.traders'; the form is read with core/schemas/traders.ts and works before
 * hydration. A refusal keeps everything typed.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("traders.page.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  return { declaration: await services.traders.declarationOf(user!.id), accountEmail: user!.email };
}

function valuesOf(payload: Record<string, unknown>): TraderValues {
  const values = Object.fromEntries(
    TRADER_FIELDS.map((field) => [
      field,
      typeof payload[field] === "string" ? (payload[field] as string) : "",
    ]),
  ) as Omit<TraderValues, "selfCertification">;
  return { ...values, selfCertification: payload.selfCertification === "on" };
}

function storedValues(view: SellerDeclarationView | null, accountEmail: string): TraderValues {
  const trader = view?.trader;
  if (!trader) return { ...valuesOf({}), email: accountEmail };
  return {
    ...trader,
    paymentAccount: formatIban(trader.paymentAccount),
    selfCertification: view.selfCertifiedAt !== null,
  };
}

const aresMessage = (locale: Locale, check: keyof typeof ARES_CHECK_KEYS) =>
  translate(locale, ARES_CHECK_KEYS[check]);

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), SellerDeclarationFormSchema, locale);
  const payload = submission.payload as Record<string, unknown>;
  const intent = payload.intent === "private" || payload.intent === "ares" ? payload.intent : "trader";
  const generation = Date.now();
  const answer = (status: number, part: Partial<DeclarationAnswer>) =>
    data<DeclarationAnswer>(
      { intent, ok: status < 300, message: null, errors: {}, values: valuesOf(payload), generation, ...part },
      { status },
    );
  if (submission.status !== "success")
    return answer(422, { errors: (submission.error ?? {}) as FieldErrors });
  if (intent === "ares") {
    const found = await services.traders.aresPrefill(user!.id, submission.value);
    if (!found.ok)
      return found.code === "limited"
        ? answer(429, { errors: { ico: [translate(locale, "traders.page.limited")] } })
        : answer(422, { errors: translateProblems(locale, found.details) });
    const outcome = found.value;
    if (outcome.check !== "verified")
      return answer(422, { errors: { ico: [aresMessage(locale, outcome.check)] } });
    const subject = outcome.subject;
    const { street, city, zip } = subject.address;
    const values = { ...valuesOf(payload), street, city, zip: normalizeZip(zip, "CZ"), name: subject.name };
    return answer(200, {
      values,
      message: translate(locale, "traders.page.aresLoaded", {
        name: subject.name,
        address: subject.address.text,
      }),
    });
  }
  const saved = await services.traders.declare(user!.id, submission.value);
  if (!saved.ok)
    return saved.code === "limited"
      ? answer(429, { errors: { ico: [translate(locale, "traders.page.limited")] } })
      : answer(422, { errors: translateProblems(locale, saved.details) });
  const { aresCheck } = saved.value;
  if (intent === "private") return answer(200, { message: translate(locale, "traders.page.savedPrivate") });
  if (aresCheck && aresCheck !== "verified")
    return answer(422, {
      message: translate(locale, "traders.page.savedUnverified"),
      errors: { ico: [aresMessage(locale, aresCheck)] },
    });
  return answer(200, { message: translate(locale, "traders.page.savedTrader") });
}

function Status({ view }: { view: SellerDeclarationView | null }) {
  const { t } = useTranslation();
  const text = !view
    ? t("traders.page.undeclared")
    : view.kind === "private"
      ? t("traders.page.status.private")
      : view.gaps.length === 0
        ? t("traders.page.status.traderVerified")
        : t("traders.page.status.traderIncomplete");
  const good = view !== null && view.gaps.length === 0 && view.status === "active";
  return (
    <div className="flex flex-col gap-2">
      <p
        className={`rounded-lg px-4 py-3 ${good ? "bg-success/10 text-[#1f5c44]" : "bg-secondary/15 text-[#6b4f12]"}`}
        data-testid="declaration-status"
        data-kind={view?.kind ?? "none"}
      >
        {text}
      </p>
      {view?.suspension ? (
        <p
          role="alert"
          className="rounded-lg bg-danger/10 px-4 py-3 text-danger"
          data-testid="declaration-suspended"
        >
          {t("traders.page.suspended", { reasons: view.suspension.reasons })}
        </p>
      ) : null}
    </div>
  );
}

export default function SellerDeclarationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { declaration, accountEmail } = loaderData;
  const answer = actionData ?? null;
  const values =
    answer && answer.intent !== "private" ? answer.values : storedValues(declaration, accountEmail);
  // The form the seller used last is the one shown: a refused trader form stays open.
  const kind = answer ? (answer.intent === "private" ? "private" : "trader") : (declaration?.kind ?? null);
  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <div className="group/kind space-y-6" data-testid="seller-declaration-page">
      <header>
        <h1 className="font-serif text-3xl text-primary-dark">{t("traders.page.title")}</h1>
        <p className="mt-2 max-w-3xl text-muted">{t("traders.page.lead")}</p>
      </header>
      <Status view={declaration} />
      {answer?.intent === "private" && answer.ok && answer.message ? (
        <p role="status" className="text-success" data-testid="saved-message">
          ✓ {answer.message}
        </p>
      ) : null}
      <KindChoice kind={kind} />
      <div className="hidden group-has-[#kind-private:checked]/kind:block">
        <PrivateForm answer={answer} />
      </div>
      <div className="hidden group-has-[#kind-trader:checked]/kind:block">
        <TraderForm view={declaration} values={values} answer={answer} />
      </div>
    </div>
  );
}
