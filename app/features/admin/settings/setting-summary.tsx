import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatPrice } from "#core/money/money.ts";
import type { MaintenanceState, SettingName } from "#core/schemas/settings.ts";
import { MaintenanceSwitched } from "./maintenance-note.tsx";

const CZK = { code: "CZK", rate: 1 } as const;

const list = (value: unknown) => (Array.isArray(value) ? value : []);
const object = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A line saying what a setting holds now, for the settings' overview. */
export function SettingSummary({ name, value }: { name: SettingName; value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined || value === null)
    return <span className="text-muted">{t("adminSettings.notSet")}</span>;
  const onOff = (on: unknown) => t(on === true ? "adminSettings.on" : "adminSettings.off");
  switch (name) {
    case "maintenance":
      return (
        <span>
          <strong>{onOff(object(value).is_enabled)}</strong>{" "}
          <MaintenanceSwitched state={value as MaintenanceState} />
        </span>
      );
    case "intropopup":
      return (
        <span>{[onOff(object(value).is_enabled), object(value).title].filter(Boolean).join(" · ")}</span>
      );
    case "topmenu":
      return (
        <span>
          {list(value)
            .map((item) => object(item).text)
            .join(", ") || t("adminSettings.empty")}
        </span>
      );
    case "bottommenu":
      return (
        <span>
          {list(value)
            .map((item) => object(item).title)
            .join(", ") || t("adminSettings.empty")}
        </span>
      );
    case "bid":
      return <span>{t("adminSettings.summary.ranges", { count: list(value).length })}</span>;
    case "fees":
      return <FeesSummary value={object(value)} />;
    case "deals":
      return <DealsSummary value={object(value)} />;
    case "authenticityEvidence":
      return <EvidenceSummary value={object(value)} />;
    case "ageCheck":
      return <AgeCheckSummary value={object(value)} />;
    case "softClose":
      return <span>{String(object(value).minutes ?? "—")} min</span>;
    case "monthlyClose":
      return (
        <span>
          {t("adminSettings.summary.monthlyClose", {
            count: String(object(value).lotsPerSlot ?? "—"),
            seconds: String(object(value).slotSeconds ?? "—"),
          })}
        </span>
      );
    case "buyNow":
      return (
        <span>
          {t("adminSettings.summary.buyNow", { percent: String(object(value).minAbovePercent ?? "—") })}
          {object(value).untilReserveMet ? ` · ${t("adminSettings.fields.buyNow.untilReserveMet")}` : ""}
        </span>
      );
    case "shop":
      return (
        <span>
          {t("adminSettings.summary.shop", {
            carriers: list(object(value).carriers).length,
            branches: list(object(value).branches).length,
          })}
        </span>
      );
    case "contacts":
      return <ContactsSummary value={object(value)} />;
    default:
      return <span>{t("adminSettings.summary.items", { count: list(value).length })}</span>;
  }
}

/** The fees in one line: a week's auction, a classified, a day of promotion. */
function FeesSummary({ value }: { value: Record<string, unknown> }) {
  const { locale, t } = useTranslation();
  const money = (minor: unknown) =>
    typeof minor === "number" ? formatPrice(minor, CZK, { convert: false, locale }) : "—";
  const insertion = object(value.insertionMinor);
  return (
    <span>
      {t("adminSettings.fields.week")}: {money(object(insertion.auction).week)} ·{" "}
      {t("adminSettings.fields.classified")}: {money(insertion.classified)} ·{" "}
      {t("adminSettings.fields.promotionPerDayMinor")}: {money(value.promotionPerDayMinor)}
    </span>
  );
}

/** The operator's contacts in one line: the company, the e-mail and how many fields are filled. */
function ContactsSummary({ value }: { value: Record<string, unknown> }) {
  const { t } = useTranslation();
  const filled = Object.values(value).filter((item) => item !== undefined && item !== "").length;
  return (
    <span>
      {[value.company, value.email].filter(Boolean).join(" · ")}
      {filled ? ` (${t("adminSettings.summary.fields", { count: filled })})` : ""}
    </span>
  );
}

/** The deals setting in one line: on or off, the buyer-protection fee and the commission. */
function DealsSummary({ value }: { value: Record<string, unknown> }) {
  const { locale, t } = useTranslation();
  const money = (minor: unknown) =>
    typeof minor === "number" ? formatPrice(minor, CZK, { convert: false, locale }) : "—";
  const percent = (bp: unknown) =>
    typeof bp === "number"
      ? new Intl.NumberFormat(locale === "cs" ? "cs-CZ" : "en-GB").format(bp / 100)
      : "—";
  const protection = object(value.buyerProtection);
  return (
    <span>
      {t("adminSettings.summary.deals", {
        state: t(value.enabled === true ? "adminSettings.on" : "adminSettings.off"),
        percent: percent(protection.percentBp),
        fixed: money(protection.fixedMinor),
        min: money(protection.minMinor),
        commission: percent(value.sellerCommissionBp),
      })}
    </span>
  );
}

/** The evidence of authenticity in one line: how many spirits' categories, and the auctions' threshold. */
function EvidenceSummary({ value }: { value: Record<string, unknown> }) {
  const { locale, t } = useTranslation();
  const threshold = value.auctionThresholdMinor;
  return (
    <span>
      {t("adminSettings.summary.authenticityEvidence", {
        categories: list(value.categoryIds).length,
        threshold:
          typeof threshold === "number" ? formatPrice(threshold, CZK, { convert: false, locale }) : "—",
      })}
    </span>
  );
}

/** The age check setting in one line: accounts per identity and the categories sold without it. */
function AgeCheckSummary({ value }: { value: Record<string, unknown> }) {
  const { t } = useTranslation();
  const count = String(value.accountsPerIdentity ?? "—");
  return (
    <span>{t("adminSettings.summary.ageCheck", { count, free: list(value.freeCategories).length })}</span>
  );
}
