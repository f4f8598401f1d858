import type { ColumnDef } from "@tanstack/react-table";
import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { formatDate, formatShortDateTime } from "#core/formats/dates.ts";
import { localePath } from "#core/i18n/paths.ts";
import { USER_ROLES } from "#core/rules/staff.ts";
import { ADMIN_USER_STATES } from "#core/schemas/admin-users.ts";

/** One account as the table shows it (server/modules/users/admin/search.ts). */
export type UserTableRow = {
  id: number;
  email: string;
  username: string;
  name: string;
  phone: string | null;
  role: (typeof USER_ROLES)[number];
  groupName: string | null;
  verified: boolean;
  blocked: boolean;
  suspendedUntil: string | null;
  createdAt: string;
  lastLoginAt: string | null;
};

const badgeClass = "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1";

/** The account's badges: verified, blocked, suspended until. */
export function UserStateBadges(props: {
  verified: boolean;
  blocked: boolean;
  suspendedUntil: string | null;
}) {
  const { t, locale } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {props.verified ? (
        <span className={`${badgeClass} bg-success/10 text-[#1f5c44] ring-success/30`}>
          {t("adminUsers.badge.verified")}
        </span>
      ) : null}
      {props.blocked ? (
        <span className={`${badgeClass} bg-danger/10 text-danger ring-danger/25`}>
          {t("adminUsers.badge.blocked")}
        </span>
      ) : null}
      {props.suspendedUntil ? (
        <span className={`${badgeClass} bg-secondary/15 text-[#6b5116] ring-secondary/40`}>
          {t("adminUsers.badge.suspended", { date: formatDate(props.suspendedUntil, locale) })}
        </span>
      ) : null}
    </span>
  );
}

/** The table's columns; the id and registration and last login dates are the sortable ones. */
export function useUserColumns(): ColumnDef<UserTableRow, unknown>[] {
  const { t, locale } = useTranslation();
  return [
    { id: "id", header: t("adminUsers.columns.id"), cell: ({ row }) => row.original.id },
    {
      id: "user",
      header: t("adminUsers.columns.user"),
      cell: ({ row }) => (
        <div className="flex flex-col">
          <Link
            to={localePath("adminUser", locale, { id: String(row.original.id) })}
            className="font-semibold text-primary-dark underline underline-offset-4"
          >
            {row.original.username}
          </Link>
          {row.original.name ? <span className="text-muted">{row.original.name}</span> : null}
        </div>
      ),
    },
    {
      id: "contacts",
      header: t("adminUsers.columns.email"),
      cell: ({ row }) => (
        <div className="flex flex-col break-words">
          <span>{row.original.email}</span>
          {row.original.phone ? (
            <span className="whitespace-nowrap text-muted">{row.original.phone}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: "role",
      header: t("adminUsers.columns.role"),
      cell: ({ row }) => t(`admin.role.${row.original.role}`),
    },
    {
      id: "group",
      header: t("adminUsers.columns.group"),
      cell: ({ row }) => row.original.groupName ?? t("adminUsers.none"),
    },
    {
      id: "state",
      header: t("adminUsers.columns.state"),
      cell: ({ row }) => <UserStateBadges {...row.original} />,
    },
    {
      id: "createdAt",
      header: t("adminUsers.columns.createdAt"),
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatShortDateTime(row.original.createdAt, locale)}</span>
      ),
    },
    {
      id: "lastLoginAt",
      header: t("adminUsers.columns.lastLoginAt"),
      cell: ({ row }) =>
        row.original.lastLoginAt ? (
          <span className="whitespace-nowrap">{formatShortDateTime(row.original.lastLoginAt, locale)}</span>
        ) : (
          t("adminUsers.never")
        ),
    },
  ];
}

const selectClass = "rounded-md border border-line bg-white px-3 py-2 font-normal";

function FilterSelect(props: { name: string; label: string; options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const params = new URLSearchParams(useLocation().search);
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      {props.label}
      <select name={props.name} defaultValue={params.get(props.name) ?? ""} className={selectClass}>
        <option value="">{t("adminUsers.filters.any")}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The filters beside the search box: role, group, verification, state. */
export function UserFilters({ groups }: { groups: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <FilterSelect
        name="role"
        label={t("adminUsers.filters.role")}
        options={USER_ROLES.map((role) => ({ value: role, label: t(`admin.role.${role}`) }))}
      />
      <FilterSelect
        name="group"
        label={t("adminUsers.filters.group")}
        options={[
          { value: "none", label: t("adminUsers.filters.noGroup") },
          ...groups.map((group) => ({ value: String(group.id), label: group.name })),
        ]}
      />
      <FilterSelect
        name="verified"
        label={t("adminUsers.filters.verified")}
        options={[
          { value: "yes", label: t("adminUsers.filters.verifiedYes") },
          { value: "no", label: t("adminUsers.filters.verifiedNo") },
        ]}
      />
      <FilterSelect
        name="state"
        label={t("adminUsers.filters.state")}
        options={ADMIN_USER_STATES.map((state) => ({
          value: state,
          label: t(`adminUsers.filters.${state}`),
        }))}
      />
    </>
  );
}
