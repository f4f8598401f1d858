import { and, eq, isNull } from "drizzle-orm";
import type { FieldProblems } from "#core/contracts/errors.ts";
import type { MessageKey } from "#core/i18n/index.ts";
import { err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { tooManyPixelsProblem, tooManyUploadsProblem, type UploadLimiter } from "../../media/index.ts";
import { type AvatarProblem, type AvatarStore, renderAvatar } from "../avatar.ts";
import { users } from "../tables.ts";
import { type Invalid, invalid, invalidAt, type Limited } from "./shared.ts";

export type AvatarDeps = {
  db: Db;
  avatars: AvatarStore;
  /** Uploads per user and window, shared with the listing photos (media/uploads.ts). */
  uploads: UploadLimiter;
  now: () => Date;
};

const PROBLEM_KEYS: Record<Exclude<AvatarProblem, "tooManyPixels">, MessageKey> = {
  empty: "validation.required",
  tooLarge: "accountData.errors.avatarTooLarge",
  notImage: "accountData.errors.avatarType",
};

/** Points the account at the new file; the previous file's name, for removal. */
async function swapAvatar(deps: AvatarDeps, userId: number, fileName: string): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatar: users.avatarFileName })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!row) throw new Error("account not found");
    await tx
      .update(users)
      .set({ avatarFileName: fileName, updatedAt: deps.now() })
      .where(eq(users.id, userId));
    return row.avatar;
  });
}

/** Stores a new avatar (see avatar.ts for the checks) and removes the previous file. */
export async function setAvatar(
  deps: AvatarDeps,
  userId: number,
  bytes: Uint8Array,
): Promise<Ok<{ fileName: string }> | Invalid | Limited> {
  // Counted before decoding, refused ones too: the decoding is the cost being limited.
  const wait = await deps.uploads.attempt(userId);
  if (wait !== null) {
    const problems: FieldProblems = { avatar: [tooManyUploadsProblem(wait)] };
    return err("limited", { problems, retryAfterSeconds: wait });
  }
  const rendered = await renderAvatar(bytes);
  if ("problem" in rendered) {
    if (rendered.problem === "tooManyPixels") return invalid({ avatar: [tooManyPixelsProblem()] });
    return invalidAt("avatar", PROBLEM_KEYS[rendered.problem]);
  }
  const fileName = await deps.avatars.save(rendered.webp);
  let previous: string | null = null;
  try {
    previous = await swapAvatar(deps, userId, fileName);
  } catch (error) {
    await deps.avatars.remove(fileName);
    throw error;
  }
  await deps.avatars.remove(previous);
  return ok({ fileName });
}

export async function removeAvatar(deps: AvatarDeps, userId: number): Promise<void> {
  const [row] = await deps.db
    .select({ avatar: users.avatarFileName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  await deps.db
    .update(users)
    .set({ avatarFileName: null, updatedAt: deps.now() })
    .where(eq(users.id, userId));
  await deps.avatars.remove(row?.avatar);
}
