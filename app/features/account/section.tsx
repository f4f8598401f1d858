import type { ReactNode } from "react";

/** One titled card of the account data page (profile, addresses, avatar...). */
export function AccountSection({
  id,
  title,
  lead,
  children,
  tone = "default",
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`rounded-xl border bg-white p-5 tablet:p-7 ${tone === "danger" ? "border-danger/40" : "border-line"}`}
      data-testid={`section-${id}`}
    >
      <h2
        id={`${id}-title`}
        className={`font-serif text-2xl ${tone === "danger" ? "text-danger" : "text-primary-dark"}`}
      >
        {title}
      </h2>
      {lead ? <div className="mt-1 text-muted">{lead}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The confirmation after a save; announced by screen readers without moving the focus. */
export function SavedMessage({ message }: { message?: string | null }) {
  return (
    <p role="status" className="min-h-6 text-success" data-testid="saved-message">
      {message ? (
        <>
          <span aria-hidden="true">✓ </span>
          {message}
        </>
      ) : null}
    </p>
  );
}

/** A form's submit button sized for a card (the full-width SubmitButton is for single forms). */
export function SectionButton({
  children,
  busy,
  tone = "primary",
  name,
  value,
}: {
  children: ReactNode;
  busy?: boolean;
  tone?: "primary" | "danger" | "secondary";
  name?: string;
  value?: string;
}) {
  const look =
    tone === "danger"
      ? "bg-danger text-white hover:bg-[#8c2925]"
      : tone === "secondary"
        ? "border border-primary-dark bg-white text-primary-dark hover:bg-light"
        : "bg-primary-dark text-white hover:bg-primary";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center rounded px-5 py-2 font-semibold disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark ${look}`}
    >
      {children}
    </button>
  );
}
