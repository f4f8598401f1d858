import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CONTACT_MESSAGE_MAX } from "#core/schemas/listing.ts";

/**
 * The "write to the seller" pages' parts (the product's page and the profile's): a labelled field
 * with its hint and errors, the message box, and where the page starts.
 */

const CONTROL =
  "mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger";

/** A label, its control (given the ids to wire), the hint and the errors. */
export function ContactField({
  label,
  hint,
  errors,
  children,
}: {
  label: string;
  hint: string;
  errors?: string[];
  children: (props: { id: string; "aria-describedby": string; "aria-invalid"?: true }) => ReactNode;
}) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      {children({
        id,
        "aria-describedby": `${id}-hint${invalid ? ` ${id}-error` : ""}`,
        "aria-invalid": invalid ? true : undefined,
      })}
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-field-error>
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** The message to the seller. */
export function MessageField({ hint, errors }: { hint: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <ContactField label={t("listings.contact.message")} hint={hint} errors={errors}>
      {(props) => (
        <textarea
          {...props}
          name="message"
          rows={7}
          maxLength={CONTACT_MESSAGE_MAX}
          className={`${CONTROL} leading-relaxed`}
          data-testid="contact-message"
        />
      )}
    </ContactField>
  );
}

export const contactSelectClass = `${CONTROL} min-h-11`;

/** What the service refused the message for (blocked, one's own listing). */
export function ContactRefusal({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded bg-danger/10 px-3 py-2 text-danger">
      {message}
    </p>
  );
}

/** The page's top: back to where the writer came from, the title and the lead. */
export function ContactHeader({
  back,
  title,
  lead,
}: {
  back: { to: string; label: string };
  title: string;
  lead?: string;
}) {
  return (
    <header>
      <Link to={back.to} className="text-sm font-semibold text-primary-dark underline underline-offset-4">
        ← {back.label}
      </Link>
      <h1 className="mt-3 font-serif text-3xl text-primary-dark tablet:text-4xl">{title}</h1>
      {lead ? <p className="mt-2 text-muted">{lead}</p> : null}
    </header>
  );
}
