import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type FormReply, usePendingForm, useSchemaForm } from "#app/ui/forms/conform.ts";
import { TextField } from "#app/ui/forms/fields.tsx";
import { formatDate } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { type AdminOrderAction, AdminOrderActionSchema } from "#core/schemas/admin-orders.ts";
import { Badge, Notice, orderTone, useMoney } from "./shared.tsx";

type Address = {
  name: string;
  street: string;
  city: string;
  zip: string;
  countryCode: string;
  company?: string | null;
  companyId?: string | null;
  taxId?: string | null;
} | null;

/** The order's page as the loader gives it (server/modules/payments/orders/admin-detail.ts). */
export type OrderViewData = {
  order: {
    id: number;
    hash: string;
    kind: "shop" | "listing_fee" | "promotion";
    status: "new" | "awaiting_payment" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded";
    email: string;
    phone: string | null;
    locale: "cs" | "en";
    subtotalMinor: number;
    discountMinor: number;
    deliveryMinor: number;
    paymentFeeMinor: number;
    totalMinor: number;
    paymentMethod: "card" | "bank_transfer" | "cod" | null;
    carrier: string | null;
    trackingNumber: string | null;
    note: string | null;
    deliveryAddress: Address;
    invoiceAddress: Address;
    createdAt: string;
  };
  items: { id: number; description: string; quantity: number; unitPriceMinor: number }[];
  payments: {
    id: number;
    method: "bank_transfer" | "card" | "test";
    status: "created" | "pending" | "paid" | "failed" | "cancelled" | "refunded";
    amountMinor: number;
    paidAt: string | null;
  }[];
  documents: { id: number; number: string; kind: "invoice" | "credit_note"; issuedAt: string }[];
  refunds: { id: number; amountMinor: number; reason: string | null; createdAt: string }[];
  history: { event: string; at: string }[];
  actions: AdminOrderAction[];
};

const card = "flex flex-col gap-2 rounded-xl border border-line bg-white p-4";
const heading = "font-serif text-xl text-primary-dark";
const button =
  "rounded-md bg-primary-dark px-4 py-2 font-semibold text-white hover:bg-primary-dark/90 disabled:opacity-60";

function AddressBlock({ title, address }: { title: string; address: Address }) {
  if (!address) return null;
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <p>
        {address.company ? (
          <>
            {address.company}
            <br />
          </>
        ) : null}
        {address.name}
        <br />
        {address.street}
        <br />
        {address.zip} {address.city}, {address.countryCode}
        {address.companyId ? (
          <>
            <br />
            IČO {address.companyId}
          </>
        ) : null}
        {address.taxId ? (
          <>
            <br />
            DIČ {address.taxId}
          </>
        ) : null}
      </p>
    </div>
  );
}

/** What the order's page answers a move with: the form that sent it, Conform's reply, a message. */
export type OrderReply = {
  intent: AdminOrderAction;
  result: FormReply | null;
  message: string | null;
  ok: boolean;
};

/** The move's text field (tracking number, refund reason), if it has one. */
const FIELDS = {
  shipped: { name: "trackingNumber", label: "adminOrders.order.tracking", maxLength: 100 },
  refund: { name: "reason", label: "adminOrders.order.reason", maxLength: 500 },
} as const;

function ActionForm({ action, reply }: { action: AdminOrderAction; reply: OrderReply | null | undefined }) {
  const { t } = useTranslation();
  const mine = reply?.intent === action ? reply : undefined;
  const [form] = useSchemaForm(AdminOrderActionSchema, mine?.result, { id: `order-${action}` });
  const pending = usePendingForm(AdminOrderActionSchema);
  const busy = useNavigation().state !== "idle";
  const field = action === "shipped" || action === "refund" ? FIELDS[action] : null;
  // A refused move keeps what was typed (also before the scripts load: the server's reply carries it).
  const typed = (mine?.result?.initialValue as Record<string, unknown> | undefined)?.[field?.name ?? ""];
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className={field ? "flex flex-col items-start gap-2" : undefined}
    >
      <input type="hidden" name="intent" value={action} />
      {field ? (
        <div className="w-full">
          <TextField
            name={field.name}
            label={t(field.label)}
            errors={form.allErrors}
            required={false}
            maxLength={field.maxLength}
            defaultValue={typeof typed === "string" ? typed : ""}
          />
        </div>
      ) : null}
      <button type="submit" className={button} disabled={busy} aria-busy={pending?.intent === action}>
        {t(`adminOrders.action.${action}`)}
      </button>
    </Form>
  );
}

function Actions({ actions, reply }: { actions: AdminOrderAction[]; reply: OrderReply | null | undefined }) {
  const { t } = useTranslation();
  if (actions.length === 0) return <p className="text-muted">{t("adminOrders.order.noActions")}</p>;
  return (
    <div className="flex flex-col gap-4">
      {actions.map((action) => (
        <ActionForm key={action} action={action} reply={reply} />
      ))}
    </div>
  );
}

type Part = { data: OrderViewData };

function useParts() {
  const { t, locale } = useTranslation();
  const money = useMoney();
  const when = (iso: string | null) => (iso ? formatDate(iso, locale, true) : "—");
  return { t, locale, money, when };
}

function CustomerCard({ data }: Part) {
  const { t } = useParts();
  const { order } = data;
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminOrders.order.customer")}</h2>
      <p className="break-all">
        {order.email}
        {order.phone ? ` · ${order.phone}` : ""}
      </p>
      <p>
        {t("adminOrders.order.variableSymbol")}: {order.id}
      </p>
      {order.paymentMethod ? (
        <p>
          {t("adminOrders.orders.method")}: {t(`adminOrders.method.${order.paymentMethod}`)}
        </p>
      ) : null}
      {order.carrier ? (
        <p>
          {t("adminOrders.order.carrier")}:{" "}
          {order.carrier.startsWith("pickup:")
            ? t("adminOrders.order.pickup", { branch: order.carrier.slice("pickup:".length) })
            : order.carrier}
          {order.trackingNumber ? ` · ${t("adminOrders.order.tracking")} ${order.trackingNumber}` : ""}
        </p>
      ) : null}
      {order.note ? (
        <p>
          {t("adminOrders.order.note")}: {order.note}
        </p>
      ) : null}
      <div className="grid gap-3 tablet:grid-cols-2">
        <AddressBlock title={t("adminOrders.order.deliveryAddress")} address={order.deliveryAddress} />
        <AddressBlock title={t("adminOrders.order.invoiceAddress")} address={order.invoiceAddress} />
      </div>
    </div>
  );
}

function LinesCard({ data }: Part) {
  const { t, money } = useParts();
  const { order } = data;
  return (
    <div className={card}>
      <h2 className={heading}>{t("adminOrders.order.lines")}</h2>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1">
              {t("adminOrders.order.lines")}
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              {t("adminOrders.order.quantity")}
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              {t("adminOrders.order.price")}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((item) => (
            <tr key={item.id} className="border-b border-line/60">
              <td className="py-1">{item.description}</td>
              <td className="py-1 pl-3 text-right">{item.quantity}</td>
              <td className="py-1 pl-3 text-right whitespace-nowrap">
                {money(item.unitPriceMinor * item.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="py-1 pl-3 text-right">
              {t("adminOrders.orders.total")}
            </th>
            <td className="py-1 pl-3 text-right font-semibold whitespace-nowrap">
              {money(order.totalMinor)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function MoneyCards({ data }: Part) {
  const { t, money, when } = useParts();
  const { order } = data;
  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      <div className={card}>
        <h2 className={heading}>{t("adminOrders.order.payments")}</h2>
        {data.payments.length === 0 ? (
          <p>{t("adminOrders.order.none")}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {data.payments.map((payment) => (
              <li key={payment.id}>
                #{payment.id} · {t(`adminOrders.method.${payment.method}`)} ·{" "}
                {t(`adminOrders.paymentStatus.${payment.status}`)} · {money(payment.amountMinor)} ·{" "}
                {when(payment.paidAt)}
              </li>
            ))}
          </ul>
        )}
        {data.refunds.map((refund) => (
          <p key={refund.id}>
            {t("adminOrders.order.refunds")}: {money(refund.amountMinor)} · {when(refund.createdAt)}
            {refund.reason ? ` · ${refund.reason}` : ""}
          </p>
        ))}
      </div>
      <div className={card}>
        <h2 className={heading}>{t("adminOrders.order.documents")}</h2>
        {data.documents.length === 0 ? (
          <p>{t("adminOrders.order.none")}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {data.documents.map((document) => (
              <li key={document.id}>
                {t(`adminOrders.order.${document.kind}`)} {document.number} · {when(document.issuedAt)}
              </li>
            ))}
          </ul>
        )}
        <Link
          to={localePath("orderSummary", order.locale, { id: order.id, hash: order.hash })}
          className="text-primary-dark underline underline-offset-4"
        >
          {t("adminOrders.order.summary")}
        </Link>
      </div>
    </div>
  );
}

export function OrderView({ data, reply }: { data: OrderViewData; reply?: OrderReply | null }) {
  const { t, locale } = useTranslation();
  const { order } = data;
  const when = (iso: string | null) => (iso ? formatDate(iso, locale, true) : "—");
  return (
    <section className="flex flex-col gap-6" data-testid="admin-order">
      <Link to={localePath("adminOrders", locale)} className="text-primary-dark underline underline-offset-4">
        {t("adminOrders.order.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl text-primary-dark">
          {t("adminOrders.order.title", { number: order.id })}
        </h1>
        <Badge tone={orderTone(order.status)}>{t(`adminOrders.status.${order.status}`)}</Badge>
        <Badge tone="plain">{t(`adminOrders.kind.${order.kind}`)}</Badge>
      </div>
      <Notice message={reply?.message} ok={reply?.ok ?? true} />
      <div className="grid gap-4 tablet:grid-cols-2">
        <div className={card}>
          <h2 className={heading}>{t("adminOrders.order.actions")}</h2>
          <Actions actions={data.actions} reply={reply} />
        </div>
        <CustomerCard data={data} />
      </div>
      <LinesCard data={data} />
      <MoneyCards data={data} />
      <div className={card}>
        <h2 className={heading}>{t("adminOrders.order.history")}</h2>
        <ol className="flex flex-col gap-1">
          {data.history.map((entry) => (
            <li key={`${entry.event}-${entry.at}`}>
              {when(entry.at)} · {t(`adminOrders.history.${entry.event as "created"}`)}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
