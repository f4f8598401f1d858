import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { secondaryLinkClass } from "#app/ui/forms/fields.tsx";

type Target = { to: string; label: string };

/**
 * What a buyer sees after writing to a seller, from a listing or from a profile: the message went
 * to whom about what, the way on (the conversation or the inbox) and the way back.
 */
export function ContactSent({
  seller,
  name,
  next,
  back,
}: {
  seller: string;
  name: string;
  next: Target;
  back: Target;
}) {
  const { t } = useTranslation();
  return (
    <section data-testid="contact-sent" className="rounded-xl border border-line bg-white p-6 tablet:p-8">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success text-xl font-bold text-white"
        >
          ✓
        </span>
        <h1 className="font-serif text-3xl text-primary-dark">{t("listings.contact.sentTitle")}</h1>
      </div>
      <p className="mt-4 leading-relaxed" role="status">
        {t("listings.contact.sent", { seller, name })}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to={next.to}
          className="inline-flex min-h-11 items-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary"
        >
          {next.label}
        </Link>
        <Link to={back.to} className={secondaryLinkClass}>
          {back.label}
        </Link>
      </div>
    </section>
  );
}
