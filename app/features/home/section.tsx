import type { ReactNode } from "react";
import { Link } from "react-router";
import { renderWhenNear } from "#app/ui/render-when-near.ts";

/** A home page section: a serif title with a short line under it, an optional "all" link, the content. */
export function HomeSection({
  id,
  title,
  hint,
  link,
  children,
  testId,
}: {
  id: string;
  title: string;
  hint?: string;
  link?: { to: string; label: string };
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="container-page mt-14 tablet:mt-16"
      data-testid={testId}
      // Below the hero on every window: drawn when near (ADR 0152).
      style={renderWhenNear(900)}
    >
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b border-line pb-3">
        <div>
          <h2 id={`${id}-title`} className="font-serif text-2xl text-primary-dark tablet:text-3xl">
            {title}
          </h2>
          {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
        </div>
        {link ? (
          <Link to={link.to} className="text-sm font-semibold text-primary-dark hover:underline">
            {link.label} <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}
