import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Direction } from "#core/schemas/admin-catalog.ts";

/** Shared pieces of the catalogue's back-office pages (docs/product/back-office.md, "Catalogue"). */

export const buttonClass =
  "rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60";
export const smallButtonClass =
  "rounded-md border border-line bg-white px-2 py-1 text-sm text-primary-dark hover:bg-light disabled:opacity-50";
export const dangerButtonClass =
  "rounded-md border border-danger px-3 py-1.5 text-sm font-semibold text-danger hover:bg-danger/10";
export const inputClass =
  "w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger";

export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="flex flex-col gap-1">
      <h1 className="font-serif text-3xl text-primary-dark">{children}</h1>
      {lead ? <p className="max-w-3xl text-muted">{lead}</p> : null}
    </header>
  );
}

/** What the last change did, said to screen readers too. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-success bg-success/10 px-3 py-2">
      {children}
    </p>
  );
}

/** A refusal of the whole change (a category with products, an unused package...). */
export function Refusal({ messages }: { messages?: string[] | null }) {
  if (!messages?.length) return null;
  return (
    <p role="alert" data-testid="form-error" className="rounded-md bg-danger/10 px-3 py-2 text-danger">
      {messages.join(" ")}
    </p>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <h2 className="font-serif text-xl text-primary-dark">{title}</h2>
      {children}
    </section>
  );
}

/** Up and down buttons of a row: two small forms, so they work before the scripts load. */
export function ReorderButtons({
  id,
  name,
  first,
  last,
}: {
  id: number;
  name: string;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  const button = (direction: Direction, disabled: boolean) => (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        className={smallButtonClass}
        aria-label={t(
          direction === "up" ? "adminCatalog.categories.upLabel" : "adminCatalog.categories.downLabel",
          {
            name,
          },
        )}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
  return (
    <span className="inline-flex gap-1">
      {button("up", first)}
      {button("down", last)}
    </span>
  );
}
