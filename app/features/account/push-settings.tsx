import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type PushState, pushState, subscribeBrowser, unsubscribeBrowser } from "#app/lib/web-push.ts";
import { PUSH_KINDS, type PushSwitches } from "#core/contracts/push.ts";
import { AccountSection, SavedMessage, SectionButton } from "./section.tsx";

/** The look of the page's switches (a checkbox drawn as a toggle). */
export const TOGGLE =
  "relative mt-1 h-7 w-12 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-primary-dark peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-dark after:absolute after:top-1 after:left-1 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5";

/**
 * Browser notifications on the notice settings page (ADR 0110): this device's subscription, turned
 * on or off here (the browser asks for permission), and one switch per kind pushed, saved for every
 * device of the account. The page's action stores the subscription (intents push-*).
 */
export function PushSettings({
  publicKey,
  switches,
  devices,
  busy,
  saved,
}: {
  publicKey: string | null;
  switches: PushSwitches;
  devices: number;
  busy: boolean;
  saved: string | null;
}) {
  const { t } = useTranslation();
  return (
    <AccountSection id="push" title={t("push.settings.title")} lead={t("push.settings.lead")}>
      <ThisDevice publicKey={publicKey} devices={devices} />
      <Form method="post" className="mt-5">
        <input type="hidden" name="intent" value="push-save" />
        <h3 className="font-semibold">{t("push.settings.kindsTitle")}</h3>
        <ul className="mt-2 flex flex-col divide-y divide-line">
          {PUSH_KINDS.map((kind) => (
            <li key={kind} className="py-3 first:pt-0 last:pb-0">
              <label className="flex cursor-pointer items-start gap-4" data-testid={`push-${kind}`}>
                {/* No description under it, unlike the e-mail switches: its first line centred on the switch. */}
                <span className="min-w-0 flex-1 pt-1.5 font-semibold">{t(`push.kinds.${kind}`)}</span>
                <input
                  type="checkbox"
                  name="push"
                  value={kind}
                  defaultChecked={switches[kind]}
                  className="peer sr-only"
                />
                <span aria-hidden="true" className={TOGGLE} />
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-col gap-2 tablet:flex-row tablet:items-center">
          <SectionButton busy={busy}>{t("push.settings.save")}</SectionButton>
          <SavedMessage message={saved} />
        </div>
      </Form>
    </AccountSection>
  );
}

/** This browser's subscription: its state, and the button that turns it on or off. */
function ThisDevice({ publicKey, devices }: { publicKey: string | null; devices: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [state, setState] = useState<PushState | "checking" | "failed">("checking");

  useEffect(() => {
    void pushState().then(setState);
  }, []);

  async function enable() {
    if (!publicKey) return setState("failed");
    const result = await subscribeBrowser(publicKey);
    if (!result.ok) return setState(result.state);
    await fetcher.submit({ intent: "push-subscribe", ...result.subscription }, { method: "post" });
    setState("on");
  }

  async function disable() {
    const endpoint = await unsubscribeBrowser();
    if (endpoint) await fetcher.submit({ intent: "push-unsubscribe", endpoint }, { method: "post" });
    setState("off");
  }

  const note =
    state === "checking" ? null : !publicKey ? t("push.settings.unavailable") : t(`push.settings.${state}`);
  return (
    <div className="flex flex-col gap-3 tablet:flex-row tablet:items-center">
      {state === "on" ? (
        <button
          type="button"
          onClick={disable}
          className="inline-flex min-h-11 items-center justify-center rounded border border-primary-dark bg-white px-5 py-2 font-semibold text-primary-dark hover:bg-light"
          data-testid="push-disable"
        >
          {t("push.settings.disable")}
        </button>
      ) : state === "off" || state === "failed" ? (
        <button
          type="button"
          onClick={enable}
          disabled={!publicKey || fetcher.state !== "idle"}
          className="inline-flex min-h-11 items-center justify-center rounded bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary disabled:opacity-60"
          data-testid="push-enable"
        >
          {t("push.settings.enable")}
        </button>
      ) : null}
      <p role="status" className="text-sm text-muted" data-testid="push-state" data-state={state}>
        {note} {devices > 0 ? t("push.settings.devices", { count: devices }) : null}
      </p>
    </div>
  );
}
