/**
 * The users module's port types: what the modules wired above it (server/wiring) hand in. The
 * credentials module, which stands on this one, keeps the links and codes these answer from.
 */

/** The address an e-mail change waits to confirm, if any (credentials' pendingEmailOf). */
export type PendingEmail = (userId: number, current: string, at: Date) => Promise<string | null>;

/**
 * Sends a new confirmation link to a signed-in account whose address is not confirmed yet; false
 * when it is confirmed (credentials' emailConfirmation.resend).
 */
export type ResendConfirmation = (userId: number) => Promise<boolean>;
