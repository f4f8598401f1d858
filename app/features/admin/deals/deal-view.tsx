import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, useSchemaForm } from "#app/ui/forms/conform.ts";
import { TextField } from "#app/ui/forms/fields.tsx";
import type { AdminDeal } from "#core/contracts/admin-deals.ts";
import { formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { deliveryNameKey } from "#core/rules/delivery.ts";
import { AdminDealActionSchema } from "#core/schemas/admin-deals.ts";
import { Badge, Notice } from "../orders/shared.tsx";
import {
  CallsTable,
  ChargesCard,
  card,
  EventsCard,
  HistoryCard,
  heading,
  LedgerCard,
  MoneyCard,
} from "./deal-money.tsx";
import { dealTone, Party } from "./deals-table.tsx";

/** What the deal's page answers a move with: the form that sent it, Conform's reply, a message. */
export type DealReply = {
  intent: "cancel" | "retry";
  result: FormReply | null;
  message: string | null;
  ok: boolean;
};

const button =
  "self-start rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60";
const dangerButton =
  "self-start rounded-md bg-danger px-4 py-2 font-semibold text-white hover:bg-danger/90 disabled:opacity-60";

function RetryForm({ data }: { data: AdminDeal }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const waiting = data.calls.some((call) => call.state !== "done");
  if (!waiting) return null;
  return (
    <Form method="post" className="flex flex-col gap-2">
      <h3 className="font-semibold">{t("adminDeals.deal.retry.title")}</h3>
      <p className="text-sm text-muted">{t("adminDeals.deal.retry.lead")}</p>
      <input type="hidden" name="intent" value="retry" />
      <button type="submit" className={button} disabled={busy}>
        {t("adminDeals.deal.retry.button")}
      </button>
    </Form>
  );
}

function CancelForm({ reply }: { reply: DealReply | null | undefined }) {
  const { t } = useTranslation();
  const mine = reply?.intent === "cancel" ? reply : undefined;
  const [form] = useSchemaForm(AdminDealActionSchema, mine?.result, { id: "deal-cancel" });
  const busy = useNavigation().state !== "idle";
  // A refused cancel keeps what was typed (also before the scripts load).
  const typed = (mine?.result?.initialValue as Record<string, unknown> | undefined)?.reason;
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-2">
      <h3 className="font-semibold">{t("adminDeals.deal.cancel.title")}</h3>
      <p className="text-sm text-muted">{t("adminDeals.deal.cancel.lead")}</p>
      <input type="hidden" name="intent" value="cancel" />
      <TextField
        name="reason"
        label={t("adminDeals.deal.cancel.reason")}
        errors={form.allErrors}
        maxLength={500}
        defaultValue={typeof typed === "string" ? typed : ""}
      />
      <button type="submit" className={dangerButton} disabled={busy}>
        {t("adminDeals.deal.cancel.button")}
      </button>
    </Form>
  );
}

function PartiesCard({ data }: { data: AdminDeal }) {
  const { t, locale } = useTranslation();
  const { deal, seller } = data;
  const when = (iso: string | null) => (iso ? formatShortDateTime(iso, locale) : "—");
  const payouts =
    seller?.payoutsEnabled === true
      ? t("adminDeals.deal.payoutsVerified")
      : seller?.payoutsEnabled === false
        ? t("adminDeals.deal.payoutsNotVerified")
        : t("adminDeals.deal.noPayoutAccount");
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminDeals.deal.parties")}</h2>
      <div className="grid gap-3 tablet:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-muted">{t("adminDeals.deal.buyer")}</h3>
          <Party party={data.buyer} />
        </div>
        <div>
          <h3 className="text-sm font-semibold text-muted">{t("adminDeals.deal.seller")}</h3>
          <Party party={seller} />
          <p className="text-sm">{payouts}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t("adminDeals.deal.source")}</dt>
        <dd>{t(`adminDeals.deal.sources.${deal.source}`)}</dd>
        <dt className="font-semibold">{t("adminDeals.deal.delivery")}</dt>
        <dd>
          {deal.carrier
            ? t(deliveryNameKey(deal.carrier as "ppl"))
            : t("adminDeals.deal.pickup", { town: deal.pickupTown ?? "" })}
          {deal.trackingNumber ? ` · ${t("adminDeals.deal.tracking")} ${deal.trackingNumber}` : ""}
        </dd>
        <dt className="font-semibold">{t("adminDeals.deal.payBy")}</dt>
        <dd>{when(deal.payBy)}</dd>
        <dt className="font-semibold">{t("adminDeals.deal.shipBy")}</dt>
        <dd>{when(deal.shipBy)}</dd>
        <dt className="font-semibold">{t("adminDeals.deal.releaseAt")}</dt>
        <dd>{when(deal.releaseAt)}</dd>
      </dl>
    </div>
  );
}

export function DealView({ data, reply }: { data: AdminDeal; reply?: DealReply | null }) {
  const { t, locale } = useTranslation();
  const { deal } = data;
  return (
    <section className="flex flex-col gap-6" data-testid="admin-deal">
      <Link to={localePath("adminDeals", locale)} className="text-primary-dark underline underline-offset-4">
        {t("adminDeals.deal.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl text-primary-dark">
          {t("adminDeals.deal.title", { number: deal.id })}
        </h1>
        <Badge tone={dealTone(deal.status)}>{t(`dealPages.status.${deal.status}`)}</Badge>
        {deal.overdue ? <Badge tone="bad">{t("adminDeals.list.overdue")}</Badge> : null}
      </div>
      <p className="text-lg">{deal.productName}</p>
      <Notice message={reply?.message} ok={reply?.ok ?? true} />
      <div className="grid gap-4 tablet:grid-cols-2">
        <PartiesCard data={data} />
        <MoneyCard data={data} />
      </div>
      <div className={card}>
        <h2 className={heading}>{t("adminDeals.deal.calls")}</h2>
        <CallsTable data={data} />
        <RetryForm data={data} />
      </div>
      {data.canCancel ? (
        <div className={card}>
          <CancelForm reply={reply} />
        </div>
      ) : null}
      <div className="grid gap-4 desktop:grid-cols-2">
        <LedgerCard data={data} />
        <ChargesCard data={data} />
      </div>
      <div className="grid gap-4 desktop:grid-cols-2">
        <HistoryCard data={data} />
        <EventsCard data={data} />
      </div>
    </section>
  );
}
