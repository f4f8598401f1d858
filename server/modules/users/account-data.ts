import type { Db } from "#server/db/client.ts";
import type { ObjectStorage } from "#server/lib/object-storage.ts";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import type { Logger } from "#server/logger.ts";
import type { RecordAudit } from "../admin/index.ts";
import { createUploadLimiter, type UploadLimiter } from "../media/index.ts";
import {
  addressesOf,
  deleteAddress,
  type IsKnownCountry,
  saveAddress,
  saveContactAndInvoice,
} from "./account-data/addresses.ts";
import { removeAvatar, setAvatar } from "./account-data/avatar-upload.ts";
import type { PasswordThrottle } from "./account-data/current-password.ts";
import { deleteAccount, deletionBlockers, type RunningAuctionsOf } from "./account-data/deletion.ts";
import { exportData } from "./account-data/export.ts";
import { profile, updateProfile } from "./account-data/profile-data.ts";
import { eraseByStaff } from "./admin/erasure.ts";
import { createAvatarStore } from "./avatar.ts";
import type { PendingEmail } from "./contracts.ts";
import type { AddressKind } from "./tables.ts";

export type { DeletionBlockers } from "./account-data/deletion.ts";
export type { AccountExport } from "./account-data/export.ts";
export type { AddressView, ProfileView } from "./account-data/shared.ts";

/**
 * The account's own data (the invoice and contact details page and /api/me/*): profile, addresses,
 * avatar, the GDPR export and the deletion of the account, each a use case in account-data/ (the
 * e-mail and password changes are the credentials module's). Every method takes the signed-in
 * user's id from the session, never from the request body, so one account can reach only its own
 * rows. What other modules keep about the user comes in as their PersonalDataSources.
 */
export function createAccountDataService(deps: {
  db: Db;
  /** Where the avatars are kept (ADR 0094). */
  storage: ObjectStorage;
  /** The process's login throttle: the current-password checks count with the logins. */
  loginThrottle: PasswordThrottle;
  /** The credentials module's pending e-mail change, which the profile shows. */
  pendingEmail: PendingEmail;
  isKnownCountry: IsKnownCountry;
  runningAuctionsOf: RunningAuctionsOf;
  /** Every other module's personal data, for the export and the deletion (in this order). */
  personalData: PersonalDataSource[];
  recordAudit: RecordAudit;
  logger?: Pick<Logger, "error">;
  /** Uploads per user and window, shared with the listing photos (media/uploads.ts); its own when absent. */
  uploads?: UploadLimiter;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const avatars = createAvatarStore(deps.storage);
  const uploads = deps.uploads ?? createUploadLimiter();
  const resolved = { ...deps, now, avatars, uploads };
  type Meta = { ip: string };

  return {
    profile: (userId: number) => profile(db, deps.pendingEmail, userId, now),
    updateProfile: (userId: number, raw: unknown) => updateProfile(deps, now, userId, raw),
    addresses: (userId: number) => addressesOf(db, userId),
    saveAddress: (userId: number, kind: AddressKind, raw: unknown) =>
      saveAddress(resolved, userId, kind, raw),
    saveContactAndInvoice: (userId: number, raw: { contact: unknown; invoice: unknown | null }) =>
      saveContactAndInvoice(resolved, userId, raw),
    deleteAddress: (userId: number, kind: AddressKind, id?: number) => deleteAddress(db, userId, kind, id),
    setAvatar: (userId: number, bytes: Uint8Array) => setAvatar(resolved, userId, bytes),
    removeAvatar: (userId: number) => removeAvatar(resolved, userId),
    deletionBlockers: (userId: number) => deletionBlockers(deps.runningAuctionsOf, db, userId),
    deleteAccount: (userId: number, raw: unknown, meta: Meta) => deleteAccount(resolved, userId, raw, meta),
    exportData: (userId: number) => exportData(resolved, userId),
    /** The back office's erasure of someone else's account (admin/erasure.ts). */
    eraseByStaff: (userId: number, input: { username: string; actorId: number; ip: string | null }) =>
      eraseByStaff(resolved, userId, input),
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
