import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CheckoutStep } from "#core/contracts/shop.ts";
import { CheckoutSteps } from "./steps.tsx";

/** The cart's and each checkout step's frame: the steps, the title, the form and the cost beside it. */
export function CheckoutFrame({
  step,
  title,
  alert,
  children,
  aside,
}: {
  step: CheckoutStep;
  title: string;
  /** A translated error of the whole page (the store could not be read, a refusal). */
  alert?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="container-page pt-5 pb-16 tablet:pt-8" data-testid={`checkout-${step}`}>
      <CheckoutSteps current={step} />
      <h1 className="mt-4 font-serif text-3xl text-primary-dark tablet:text-4xl">{title}</h1>
      {alert ? <div className="mt-4">{alert}</div> : null}
      {aside ? (
        <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 desktop:grid-cols-[minmax(0,1fr)_22rem] desktop:items-start widescreen:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="min-w-0">{children}</div>
          <aside className="flex flex-col gap-5 rounded-xl border border-line bg-white p-5 desktop:sticky desktop:top-28">
            {aside}
          </aside>
        </div>
      ) : (
        <div className="mt-6">{children}</div>
      )}
    </div>
  );
}

/** A translated alert over the page (a refusal, a load error). */
export function CheckoutAlert({ messages }: { messages?: string[] | null }) {
  if (!messages?.length) return null;
  return (
    <p
      role="alert"
      className="rounded-lg bg-danger/10 px-4 py-3 text-danger ring-1 ring-danger/25"
      data-testid="checkout-alert"
    >
      {messages.join(" ")}
    </p>
  );
}

export const PRIMARY_BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center rounded bg-primary-dark px-5 py-3 text-center font-semibold text-white hover:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-dark disabled:cursor-not-allowed disabled:opacity-50";
export const BACK_LINK =
  "inline-flex min-h-11 items-center text-primary-dark underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-primary-dark";

/** A step's way back (a link to the step before) and its submit button, side by side from a tablet on. */
export function StepButtons({
  backTo,
  backLabel,
  submitLabel,
  busy,
  testId,
}: {
  backTo: string;
  backLabel: string;
  submitLabel: string;
  busy: boolean;
  testId: string;
}) {
  return (
    <div className="flex flex-col-reverse items-stretch gap-4 tablet:flex-row tablet:items-center tablet:justify-between">
      <Link to={backTo} className={BACK_LINK}>
        ← {backLabel}
      </Link>
      <button
        type="submit"
        className={`${PRIMARY_BUTTON} tablet:w-auto`}
        disabled={busy}
        data-testid={testId}
      >
        {submitLabel}
      </button>
    </div>
  );
}
