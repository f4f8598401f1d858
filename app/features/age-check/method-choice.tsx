import { Form, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AgeProofMethod } from "#core/contracts/age-proof.ts";

const BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center rounded bg-primary-dark px-5 py-3 text-center font-semibold text-white hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:cursor-not-allowed disabled:opacity-50";

/**
 * The ways to prove one's age the site offers, each a card with what the person shares and one
 * button: a plain POST to the page's action, which sends the browser to the provider (so it works
 * before the scripts load).
 */
export function MethodChoice({
  methods,
  returnTo,
  forOrder,
}: {
  methods: AgeProofMethod[];
  returnTo: string;
  forOrder: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <ul className="grid gap-4 tablet:grid-cols-2" aria-label={t("ageCheck.page.choose")}>
      {methods.map((method) => (
        <li key={method} className="flex flex-col rounded-xl border border-line bg-white p-5">
          <h2 className="font-serif text-xl text-primary-dark">{t(`ageCheck.methods.${method}.title`)}</h2>
          <p className="mt-2 flex-1 text-muted">{t(`ageCheck.methods.${method}.description`)}</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="method" value={method} />
            <input type="hidden" name="returnTo" value={returnTo} />
            {forOrder ? <input type="hidden" name="forOrder" value="1" /> : null}
            <button type="submit" className={BUTTON} disabled={busy} data-testid={`age-check-${method}`}>
              {t(`ageCheck.methods.${method}.action`)}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
