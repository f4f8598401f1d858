import type {
  AresCheck,
  PublicSeller,
  SellerDeclarationView,
  SellerGateCode,
  TraderData,
  TraderGap,
} from "#core/contracts/traders.ts";
import { TRADER_FIELDS } from "#core/contracts/traders.ts";
import type { SellerDeclarationRow } from "./tables.ts";

/** What a trader has yet to complete before publishing: empty fields, the self-certification, the ARES check. */
export function gapsOf(row: SellerDeclarationRow): TraderGap[] {
  if (row.kind !== "trader") return [];
  const gaps: TraderGap[] = TRADER_FIELDS.filter((field) => !row[field]);
  if (!row.selfCertifiedAt) gaps.push("selfCertification");
  if (row.aresCheck !== "verified" || !row.aresVerifiedAt) gaps.push("aresCheck");
  return gaps;
}

/** Why the seller may not publish now, or null: undeclared, a trader with gaps, or suspended. */
export function gateOf(row: SellerDeclarationRow | null): SellerGateCode | null {
  if (!row || row.accountEndedAt) return "seller_undeclared";
  if (row.status === "suspended") return "seller_suspended";
  return gapsOf(row).length > 0 ? "trader_unverified" : null;
}

export function traderDataOfRow(row: SellerDeclarationRow): TraderData | null {
  if (row.kind !== "trader") return null;
  return Object.fromEntries(TRADER_FIELDS.map((field) => [field, row[field] ?? ""])) as TraderData;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function viewOf(row: SellerDeclarationRow): SellerDeclarationView {
  return {
    kind: row.kind,
    status: row.status,
    trader: traderDataOfRow(row),
    selfCertifiedAt: iso(row.selfCertifiedAt),
    aresCheck: (row.aresCheck as AresCheck | null) ?? null,
    aresCheckedAt: iso(row.aresCheckedAt),
    aresVerifiedAt: iso(row.aresVerifiedAt),
    aresName: row.aresName,
    aresAddress: row.aresAddress,
    gaps: gapsOf(row),
    suspension:
      row.status === "suspended" && row.suspendedAt
        ? { reasons: row.suspensionReasons ?? "", at: row.suspendedAt.toISOString() }
        : null,
  };
}

/** What a listing and a profile show: a private person, or the trader's DSA Art 30/31 details. */
export function publicSellerOf(row: SellerDeclarationRow): PublicSeller {
  if (row.kind === "private") return { kind: "private" };
  return {
    kind: "trader",
    name: row.name ?? "",
    address: [row.street, [row.zip, row.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    ico: row.ico ?? "",
    registerName: row.registerName ?? "",
    registerNumber: row.registerNumber ?? "",
    email: row.email ?? "",
    phone: row.phone ?? "",
    aresVerifiedAt: iso(row.aresVerifiedAt),
  };
}
