import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";

export type TimeLeft = { total: number; days: number; hours: number; minutes: number; seconds: number };

export function timeLeft(endsAt: string, now: number): TimeLeft {
  const total = Math.max(0, new Date(endsAt).getTime() - now);
  const seconds = Math.floor(total / 1000);
  return {
    total,
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The time left until `endsAt`, ticking every second in the browser. The first render uses the
 * server's clock (`serverNow`), so the server's HTML and the hydrated page agree; then it follows
 * the browser's clock, corrected by `clockOffsetMs` (server minus browser) where the page knows it
 * (the live auction), so that a wrong clock on the visitor's computer does not end an auction early
 * or late on their screen. Under an hour it turns red: the auction is about to close.
 */
export function Countdown({
  endsAt,
  serverNow,
  clockOffsetMs = 0,
  onEnd,
  className = "",
}: {
  endsAt: string;
  serverNow: string;
  clockOffsetMs?: number;
  onEnd?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date(serverNow).getTime());
  const offset = useRef(clockOffsetMs);
  offset.current = clockOffsetMs;
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset.current);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);
  // A moved end or a corrected clock shows at once, not at the next tick.
  useEffect(() => {
    void endsAt;
    setNow(Date.now() + clockOffsetMs);
  }, [endsAt, clockOffsetMs]);
  const left = timeLeft(endsAt, now);
  const ended = left.total <= 0;
  useEffect(() => {
    if (ended) onEnd?.();
  }, [ended, onEnd]);

  if (ended) return <span className={className}>{t("product.auction.endingNow")}</span>;
  const urgent = left.total < 3600_000;
  return (
    <span
      className={`tabular-nums ${urgent ? "text-danger" : ""} ${className}`}
      data-testid="countdown"
      data-urgent={urgent ? "true" : undefined}
    >
      {left.days > 0 && (
        <>
          {left.days}
          <span className="text-[0.7em] font-medium opacity-70">
            &nbsp;{t("product.auction.daysShort")}
          </span>{" "}
        </>
      )}
      {pad(left.hours)}:{pad(left.minutes)}:{pad(left.seconds)}
    </span>
  );
}
