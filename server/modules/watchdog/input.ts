import { WATCHDOG_DELIVERIES, WATCHDOG_KINDS, type WatchdogDelivery, type WatchdogKind } from "./tables.ts";

export { WATCHDOG_QUERY_MAX, WATCHDOG_QUERY_MIN } from "#core/schemas/watchdog.ts";
export const WATCHDOGS_PER_USER = 50;

export const validId = (id: unknown): id is number =>
  typeof id === "number" && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

export const isKind = (value: unknown): value is WatchdogKind =>
  WATCHDOG_KINDS.includes(value as WatchdogKind);
export const isDelivery = (value: unknown): value is WatchdogDelivery =>
  WATCHDOG_DELIVERIES.includes(value as WatchdogDelivery);

/** A search watchdog's words as stored: single spaces, at most the maximum length. */
export const cleanQuery = (value: string) => value.replace(/\s+/g, " ").trim();

/** Ids in slices a statement can bind (PostgreSQL takes at most 65535 parameters). */
export function slices(ids: number[], size = 1000): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
