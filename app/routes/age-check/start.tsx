import { Link } from "react-router";
import { AgeVerifiedLine } from "#app/features/age-check/age-line.tsx";
import { MethodChoice } from "#app/features/age-check/method-choice.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { FormReply } from "#app/ui/forms/conform.ts";
import { pageMeta } from "#app/ui/seo/page-meta.ts";
import type { Route } from "./+types/start";
import { loadAgeCheck, startAgeCheck } from "./start.server.ts";

/**
 * The age check (`/overeni-veku`, issue 36): why it is asked, the ways to prove one's age, and a
 * refused attempt's reason with what to do. Its `zpet` is the page to go back to (the product page
 * with the bid typed, the checkout's review), which nothing here loses.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("ageCheck.page.title"), noindex: true }));
}

export const loader = (args: Route.LoaderArgs) => loadAgeCheck(args);
export const action = (args: Route.ActionArgs) => startAgeCheck(args);

const LINK =
  "inline-flex min-h-11 items-center font-semibold text-primary-dark underline underline-offset-4 hover:no-underline";

function Notice({
  tone,
  children,
  testId,
}: {
  tone: "danger" | "ok" | "info";
  children: React.ReactNode;
  testId: string;
}) {
  const tones = {
    danger: "border-danger/40 bg-danger/5",
    ok: "border-success/40 bg-success/5",
    info: "border-line bg-light",
  } as const;
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={`rounded-xl border p-4 ${tones[tone]}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

export default function AgeCheckPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { methods, verification, refusal, returnTo, forOrder, signedIn, orderCleared } = loaderData;
  const formErrors = (actionData as { result?: FormReply } | undefined)?.result?.error?.[""] ?? [];
  const done = verification !== null || orderCleared;
  return (
    <div className="container-page pt-5 pb-16 tablet:pt-8" data-testid="age-check-page">
      <div className="mx-auto flex max-w-3xl flex-col gap-5">
        <h1 className="font-serif text-3xl text-primary-dark tablet:text-4xl">{t("ageCheck.page.title")}</h1>
        <p className="text-[1.05rem]">{t(forOrder ? "ageCheck.page.leadGuest" : "ageCheck.page.lead")}</p>
        {refusal && !done ? (
          <Notice tone="danger" testId="age-check-refusal">
            <p className="font-semibold">{t("ageCheck.refusal.title")}</p>
            <p className="mt-1">{refusal.message}</p>
          </Notice>
        ) : null}
        {formErrors.length > 0 ? (
          <Notice tone="danger" testId="age-check-error">
            {formErrors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Notice>
        ) : null}
        {done ? (
          <Notice tone="ok" testId="age-check-done">
            <p>
              {verification ? (
                <AgeVerifiedLine verification={verification} />
              ) : (
                t("ageCheck.page.checkoutDone")
              )}
            </p>
            <Link to={returnTo} className={LINK} data-testid="age-check-continue">
              {t("ageCheck.page.continue")}
            </Link>
          </Notice>
        ) : !signedIn && !forOrder ? (
          <Notice tone="info" testId="age-check-sign-in">
            <p>{t("ageCheck.page.signIn")}</p>
            <Link to={loaderData.loginPath} className={LINK}>
              {t("ageCheck.page.signInAction")}
            </Link>
          </Notice>
        ) : methods.length === 0 ? (
          <Notice tone="info" testId="age-check-none">
            <p>{t("ageCheck.page.none")}</p>
          </Notice>
        ) : (
          <>
            <h2 className="sr-only">{t("ageCheck.page.choose")}</h2>
            <MethodChoice methods={methods} returnTo={returnTo} forOrder={forOrder} />
            <p className="text-sm text-muted">{t("ageCheck.page.privacy")}</p>
          </>
        )}
        {done ? null : (
          <Link to={returnTo} className={LINK} data-testid="age-check-back">
            ← {t("ageCheck.page.back")}
          </Link>
        )}
      </div>
    </div>
  );
}
