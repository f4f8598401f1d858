import type { Config } from "./config.ts";

/**
 * Settings that are legal but dangerous on a real site, as lines for stderr at start: loud enough
 * to be seen in a service's log even with LOG_LEVEL=silent.
 */
export function startupWarnings(config: Config): string[] {
  if (config.env !== "production") return [];
  const warnings: string[] = [];
  if (config.testGateway)
    warnings.push(
      "WARNING: the test card gateway is on in production (PAYMENTS_TEST_GATEWAY=true): card payments succeed without any money. Right for the demo, never for a real site.",
    );
  if (config.marketplace && "simulator" in config.marketplace)
    warnings.push(
      "WARNING: the payment provider simulator is on in production (MARKETPLACE_SIMULATOR=true): deals are paid without any money. Right for the demo, never for a real site.",
    );
  if (config.ageWallet && "simulator" in config.ageWallet)
    warnings.push(
      "WARNING: the EU wallet simulator is on in production (AGE_WALLET_SIMULATOR=true): anyone can prove being 18+ with a test attestation. Right for the demo, never for a real site.",
    );
  if ("simulator" in config.ares)
    warnings.push(
      "WARNING: the ARES simulator is on in production (ARES_SIMULATOR=true): traders are checked against a made-up register. Right for the demo, never for a real site.",
    );
  if (config.bankIdentity && "simulator" in config.bankIdentity)
    warnings.push(
      "WARNING: the bank identity simulator is on in production (BANK_ID_SIMULATOR=true): anyone passes the age check as a test person. Right for the demo, never for a real site.",
    );
  return warnings;
}

/**
 * What a real site without something optional does not do, as lines for the start's welcome
 * (stdout: an intended state, not a danger): deals are not paid through the site without a
 * payment provider (ADR 0074).
 */
export function startupNotices(config: Config): string[] {
  if (config.env !== "production" || config.marketplace) return [];
  return [
    "Deals through the site are off: no payment provider is configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET).",
  ];
}
