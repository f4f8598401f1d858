/**
 * What `npm start` adds to the environment: without NODE_ENV it is the demo
 * (`npm install && npm start`), which asks for the demo data, the test card gateway and the
 * local simulators of the outside services: the deals' payment provider (ADR 0074), ARES the
 * traders are checked against (ADR 0085), the bank identity (ADR 0083) and the EU age wallet
 * (ADR 0084) of the age check and a push service (ADR 0110), as the server never turns them on in production by itself. An explicit value (also "false") wins;
 * empty counts as unset, as in loadConfig. With NODE_ENV set (`NODE_ENV=production npm start` on
 * a real site) nothing is added.
 */
export function demoEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  if (env.NODE_ENV) return {};
  const added: Record<string, string> = {};
  for (const name of [
    "SEED_DEMO",
    "PAYMENTS_TEST_GATEWAY",
    "MARKETPLACE_SIMULATOR",
    "ARES_SIMULATOR",
    "BANK_ID_SIMULATOR",
    "AGE_WALLET_SIMULATOR",
    "PUSH_SIMULATOR",
  ])
    if (!env[name]) added[name] = "true";
  return added;
}
