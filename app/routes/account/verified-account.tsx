import { data, Form, Link } from "react-router";
import { appContext } from "#app/context.ts";
import { AccountSection, SectionButton } from "#app/features/account/section.tsx";
import { VerifiedBadge } from "#app/features/product/seller-card.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { named } from "#app/middleware.server.ts";
import { formatDate, formatShortDateTime } from "#app/ui/dates-and-prices.ts";
import { parseForm, usePendingForm } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import { checkRefusalMessage, sendRefusalMessage } from "#core/contracts/verification.ts";
import { formatWait } from "#core/formats/wait.ts";
import { localePath } from "#core/i18n/paths.ts";
import { VerificationFormSchema } from "#core/schemas/account.ts";
import type { Route } from "./+types/verified-account";

/**
 * The verified account (`/ucet/overeny-ucet`, docs/product/accounts.md, "Verified account (SMS)"): a code by
 * SMS to the account's phone, entered here, gives the verified badge. Without a phone the page sends the user
 * to the invoice and contact page to add one. The rules (code life, attempts, sending limits) are
 * services.verification's; this page only shows its answers.
 */
export const middleware = named("auth");

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("security.verificationPage.title"), noindex: true }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, user } = context.get(appContext);
  // The auth middleware guarantees a user.
  const [status, quota] = await Promise.all([
    services.verification.status(user!.id),
    services.listingQuota.usage(user!.id),
  ]);
  return {
    verified: status.verified,
    verifiedAt: status.verifiedAt?.toISOString() ?? null,
    phone: status.phone,
    pending: status.pending
      ? { expiresAt: status.pending.expiresAt.toISOString(), attemptsLeft: status.pending.attemptsLeft }
      : null,
    resendInSeconds: status.resendInSeconds,
    quota,
  };
}

export type VerificationActionData =
  | { intent: "send"; ok: true; phone: string }
  | { intent: "send" | "check"; ok: false; error: string; retryAfterSeconds?: number }
  | { intent: "check"; ok: true };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, locale } = context.get(appContext);
  const submission = parseForm(await request.formData(), VerificationFormSchema, locale);
  if (submission.status !== "success") throw data(null, { status: 400 });
  const form = submission.value;
  if (form.intent === "send") {
    const result = await services.verification.sendCode(user!.id, locale);
    if (result.ok)
      return { intent: "send", ok: true, phone: result.value.phone } satisfies VerificationActionData;
    if (result.code === "already_verified")
      return { intent: "check", ok: true } satisfies VerificationActionData;
    const error = sendRefusalMessage(locale, result);
    if (result.code === "limited") {
      const { retryAfterSeconds } = result.details;
      return data<VerificationActionData>(
        { intent: "send", ok: false, error, retryAfterSeconds },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }
    return data<VerificationActionData>(
      { intent: "send", ok: false, error },
      { status: result.code === "failed" ? 502 : 422 },
    );
  }
  const result = await services.verification.checkCode(user!.id, form.code);
  if (result.ok) return { intent: "check", ok: true } satisfies VerificationActionData;
  const error = checkRefusalMessage(locale, result);
  return data<VerificationActionData>({ intent: "check", ok: false, error }, { status: 422 });
}

type Loaded = Route.ComponentProps["loaderData"];

export default function VerifiedAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { quota } = loaderData;
  const result = actionData as VerificationActionData | undefined;
  const quotaText = quota.verified
    ? t("security.overview.quotaUnlimited")
    : quota.left > 0
      ? t("security.overview.quotaLeft", { left: quota.left, free: quota.free })
      : t("security.overview.quotaUsedUp", { free: quota.free });

  return (
    // The account layout route (routes/account/layout.tsx) draws the container and the sidebar.
    <section data-testid="verification-page">
      <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">
        {t("security.verificationPage.title")}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{t("security.verificationPage.lead", { free: quota.free })}</p>

      <div className="mt-8 flex flex-col gap-6">
        {loaderData.verified ? (
          <VerifiedSection
            verifiedAt={loaderData.verifiedAt}
            justNow={result?.intent === "check" && result.ok}
            quotaText={quotaText}
          />
        ) : !loaderData.phone ? (
          <NoPhoneSection quotaText={quotaText} />
        ) : (
          <>
            <SendSection loaded={loaderData} phone={loaderData.phone} result={result} />
            <CheckSection
              pending={loaderData.pending}
              error={result?.intent === "check" && !result.ok ? result.error : null}
            />
            <p className="text-sm text-muted">{quotaText}</p>
          </>
        )}
      </div>
    </section>
  );
}

function VerifiedSection({
  verifiedAt,
  justNow,
  quotaText,
}: {
  verifiedAt: string | null;
  justNow: boolean;
  quotaText: string;
}) {
  const { locale, t } = useTranslation();
  return (
    <AccountSection id="verified" title={t("security.verificationPage.verifiedTitle")}>
      <div className="flex flex-wrap items-center gap-3" data-testid="verification-done">
        <VerifiedBadge />
        {verifiedAt ? (
          <span className="text-muted">
            {t("security.verificationPage.verifiedSince", { date: formatDate(verifiedAt, locale) })}
          </span>
        ) : null}
      </div>
      {justNow ? (
        <p role="status" className="mt-4 font-semibold text-success">
          {t("security.verificationPage.verifiedNow")}
        </p>
      ) : null}
      <p className="mt-4 text-muted">{quotaText}</p>
    </AccountSection>
  );
}

/** Without a phone there is nothing to send the code to: the way to add one. */
function NoPhoneSection({ quotaText }: { quotaText: string }) {
  const { locale, t } = useTranslation();
  return (
    <AccountSection id="phone" title={t("security.verificationPage.noPhoneTitle")}>
      <p>{t("security.verificationPage.noPhoneText")}</p>
      <Link
        to={localePath("accountInvoice", locale)}
        className="mt-4 inline-flex min-h-11 items-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary"
        data-testid="verification-add-phone"
      >
        {t("security.verificationPage.addPhone")}
      </Link>
      <p className="mt-4 text-sm text-muted">{quotaText}</p>
    </AccountSection>
  );
}

function SendSection({
  loaded,
  phone,
  result,
}: {
  loaded: Loaded;
  phone: string;
  result: VerificationActionData | undefined;
}) {
  const { locale, t } = useTranslation();
  const busy = usePendingForm(VerificationFormSchema)?.intent === "send";
  const sendError = result?.intent === "send" && !result.ok ? result.error : null;
  const justSent = result?.intent === "send" && result.ok ? result.phone : null;
  return (
    <AccountSection id="send" title={t("security.verificationPage.sendTitle")}>
      <p>
        {t("security.verificationPage.sendTo", { phone })}{" "}
        <Link
          to={localePath("accountInvoice", locale)}
          className="text-primary-dark underline underline-offset-4"
        >
          {t("security.verificationPage.changePhone")}
        </Link>
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <input type="hidden" name="intent" value="send" />
        <SectionButton busy={busy} tone={loaded.pending ? "secondary" : "primary"}>
          {loaded.pending ? t("security.verificationPage.sendAgain") : t("security.verificationPage.send")}
        </SectionButton>
        {loaded.resendInSeconds > 0 && !sendError ? (
          <span className="text-sm text-muted">
            {t("security.verificationPage.resendIn", { wait: formatWait(locale, loaded.resendInSeconds) })}
          </span>
        ) : null}
      </Form>
      {justSent ? (
        <p role="status" className="mt-3 text-success" data-testid="verification-sent">
          {t("security.verificationPage.sent", { phone: justSent })}
        </p>
      ) : null}
      {sendError ? (
        <p role="alert" className="mt-3 text-danger" data-testid="verification-send-error">
          {sendError}
        </p>
      ) : null}
    </AccountSection>
  );
}

/** The code from the SMS, typed in. */
function CheckSection({ pending, error }: { pending: Loaded["pending"]; error: string | null }) {
  const { locale, t } = useTranslation();
  const busy = usePendingForm(VerificationFormSchema)?.intent === "check";
  return (
    <AccountSection id="check" title={t("security.verificationPage.checkTitle")}>
      <Form method="post" className="flex flex-col gap-3 tablet:max-w-sm">
        <input type="hidden" name="intent" value="check" />
        <label htmlFor="verification-code" className="font-medium">
          {t("security.verificationPage.codeLabel")}
        </label>
        <input
          id="verification-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? "verification-code-hint verification-code-error" : "verification-code-hint"
          }
          className="w-44 rounded border border-line bg-white px-3 py-2 font-mono text-2xl tracking-[0.3em] focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger"
          data-testid="verification-code"
        />
        <p id="verification-code-hint" className="-mt-1 text-sm text-muted">
          {pending
            ? t("security.verificationPage.pending", {
                time: formatShortDateTime(pending.expiresAt, locale),
                attempts: pending.attemptsLeft,
              })
            : t("security.verificationPage.codeHint")}
        </p>
        {error ? (
          <p
            id="verification-code-error"
            role="alert"
            className="text-danger"
            data-testid="verification-error"
          >
            {error}
          </p>
        ) : null}
        <div>
          <SectionButton busy={busy}>{t("security.verificationPage.verify")}</SectionButton>
        </div>
      </Form>
    </AccountSection>
  );
}
