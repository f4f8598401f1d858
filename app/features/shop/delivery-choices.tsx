import { type ReactNode, useId } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import type { Branch, Carrier, CheckoutOptions, ShopPaymentMethod } from "#core/contracts/shop.ts";
import { PICKUP_PREFIX } from "#core/contracts/shop.ts";
import { useCzk } from "./orders/order-parts.tsx";

const CHOICE =
  "flex cursor-pointer gap-3 rounded-lg border border-line bg-white p-4 transition-colors hover:border-primary has-[:checked]:border-primary-dark has-[:checked]:bg-light/60 has-[:checked]:ring-1 has-[:checked]:ring-primary-dark has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-dark";

/**
 * One radio of the delivery or payment list: its name is the title (aria-labelledby), the rest
 * (description, address, hours, price) describes it, so a screen reader reads the name first.
 */
export function Choice({
  name,
  value,
  checked,
  disabled,
  onSelect,
  title,
  aside,
  children,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: (value: string) => void;
  title: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <label className={CHOICE} data-testid={testId} data-value={value}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onSelect(value)}
        aria-labelledby={`${id}-title`}
        aria-describedby={children || aside ? `${id}-details` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-primary-dark"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <span id={`${id}-title`} className="font-semibold text-ink">
            {title}
          </span>
          {aside ? <span className="font-semibold whitespace-nowrap tabular-nums">{aside}</span> : null}
        </span>
        <span id={`${id}-details`} className="text-sm text-muted">
          {children}
          {aside ? <span className="sr-only"> {aside}</span> : null}
        </span>
      </span>
    </label>
  );
}

/** A carrier's price, or "zdarma" with the price struck once the cart reaches free delivery. */
function CarrierPrice({ priceMinor, free }: { priceMinor: number; free: boolean }) {
  const { t } = useTranslation();
  const czk = useCzk();
  if (free || priceMinor === 0)
    return (
      <span className="text-success">
        {priceMinor > 0 ? <s className="mr-2 font-normal text-muted">{czk(priceMinor)}</s> : null}
        {t("shop.delivery.free")}
      </span>
    );
  return <>{czk(priceMinor)}</>;
}

export function CarrierChoices({
  carriers,
  selected,
  onSelect,
  free,
}: {
  carriers: Carrier[];
  selected: string | null;
  onSelect: (value: string) => void;
  free: boolean;
}) {
  const { t } = useTranslation();
  const czk = useCzk();
  return (
    <div className="flex flex-col gap-2">
      {carriers.map((carrier) => (
        <Choice
          key={carrier.key}
          name="delivery"
          value={carrier.key}
          checked={selected === carrier.key}
          onSelect={onSelect}
          title={carrier.name}
          aside={<CarrierPrice priceMinor={carrier.priceMinor} free={free} />}
          testId="delivery-carrier"
        >
          <span className="block">{carrier.description}</span>
          <span className="block">
            {t("shop.delivery.countries", {
              countries: carrier.countries.map((code) => t(`shop.countries.${code}`)).join(", "),
            })}
            {" · "}
            {carrier.codFeeMinor === null
              ? t("shop.delivery.noCod")
              : t("shop.delivery.codAt", { fee: czk(carrier.codFeeMinor) })}
          </span>
        </Choice>
      ))}
    </div>
  );
}

function BranchGroup({
  title,
  branches,
  selected,
  onSelect,
}: {
  title: string;
  branches: Branch[];
  selected: string | null;
  onSelect: (value: string) => void;
}) {
  const { t } = useTranslation();
  if (branches.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold tracking-[0.1em] text-muted uppercase">{title}</legend>
      <div className="grid gap-2 tablet:grid-cols-2">
        {branches.map((branch) => (
          <Choice
            key={branch.key}
            name="delivery"
            value={`${PICKUP_PREFIX}${branch.key}`}
            checked={selected === `${PICKUP_PREFIX}${branch.key}`}
            onSelect={onSelect}
            title={branch.name}
            testId="delivery-branch"
          >
            <span className="block">
              {branch.street}, {branch.zip} {branch.city}
            </span>
            <span className="mt-1 block text-xs">
              <span className="sr-only">{t("shop.delivery.pickup.hours")}: </span>
              {branch.hours.join(", ")}
            </span>
          </Choice>
        ))}
      </div>
    </fieldset>
  );
}

/** Personal pickup at one of the branches, Prague's first; paid in advance by card. */
export function BranchChoices({
  branches,
  selected,
  onSelect,
}: {
  branches: Branch[];
  selected: string | null;
  onSelect: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p
        className="rounded-lg bg-secondary/10 px-4 py-3 text-sm text-[#5e4712] ring-1 ring-secondary/40"
        data-testid="pickup-note"
      >
        {t("shop.delivery.pickup.note")}
      </p>
      <BranchGroup
        title={t("shop.delivery.pickup.prague")}
        branches={branches.filter((branch) => branch.prague)}
        selected={selected}
        onSelect={onSelect}
      />
      <BranchGroup
        title={t("shop.delivery.pickup.elsewhere")}
        branches={branches.filter((branch) => !branch.prague)}
        selected={selected}
        onSelect={onSelect}
      />
    </div>
  );
}

/**
 * Card, QR bank transfer and cash on delivery: pickup takes a card only, and cash on delivery only
 * where the chosen carrier takes it (with its fee). The shop refuses any other pair as well.
 */
export function PaymentChoices({
  options,
  delivery,
  selected,
  onSelect,
  hydrated,
}: {
  options: CheckoutOptions;
  /** Scripts run: choices that do not fit the delivery are disabled (without them the shop says so). */
  hydrated: boolean;
  delivery: string | null;
  selected: ShopPaymentMethod | null;
  onSelect: (value: string) => void;
}) {
  const { t } = useTranslation();
  const czk = useCzk();
  const pickup = delivery?.startsWith(PICKUP_PREFIX) ?? false;
  const carrier = options.carriers.find((entry) => entry.key === delivery) ?? null;
  const codFee = carrier?.codFeeMinor ?? null;
  const methods: { method: ShopPaymentMethod; disabled: boolean; aside?: ReactNode; note: ReactNode }[] = [];
  if (options.card) methods.push({ method: "card", disabled: false, note: t("shop.delivery.cardNote") });
  if (options.bankTransfer)
    methods.push({
      method: "bank_transfer",
      disabled: pickup,
      note: pickup
        ? t("shop.delivery.pickupCardOnly")
        : t("shop.delivery.bankNote", { hours: options.reservationHours }),
    });
  methods.push({
    method: "cod",
    disabled: pickup || (carrier !== null && codFee === null),
    aside: codFee !== null && !pickup ? t("shop.delivery.codFee", { fee: czk(codFee) }) : undefined,
    note: pickup
      ? t("shop.delivery.pickupCardOnly")
      : carrier && codFee === null
        ? t("shop.delivery.codNone")
        : t("shop.delivery.codNote"),
  });
  return (
    <div className="flex flex-col gap-2">
      {methods.map(({ method, disabled, aside, note }) => (
        <Choice
          key={method}
          name="payment"
          value={method}
          checked={selected === method}
          disabled={hydrated && disabled}
          onSelect={onSelect}
          title={t(`shop.payment.${method}`)}
          aside={aside}
          testId="payment-method"
        >
          {note}
        </Choice>
      ))}
    </div>
  );
}
