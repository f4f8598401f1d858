import { eq } from "drizzle-orm";
import type { PersonalDataSource } from "#server/lib/personal-data.ts";
import { emailConfirmationTokens, passwordResetTokens, verificationCodes } from "./tables.ts";

/**
 * The account's pending links and codes: nothing the export shows (they are one-time secrets, kept
 * as hashes), and gone when the account is deleted.
 */
export const credentialsPersonalData: PersonalDataSource = {
  name: "credentials",
  async exportFor() {
    return {};
  },
  async eraseFor(tx, { userId }) {
    await tx.delete(emailConfirmationTokens).where(eq(emailConfirmationTokens.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
    return undefined;
  },
};
