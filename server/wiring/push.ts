import fs from "node:fs";
import path from "node:path";
import { createWebPushSender, generateVapidKeys } from "#server/adapters/push/index.ts";
import type { Config } from "#server/config.ts";
import { createPushService, registerPushJobs } from "#server/modules/push/index.ts";
import type { Base } from "./base.ts";

/**
 * The VAPID key pair (ADR 0110): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else one drawn at the
 * first start and kept in <DATA_DIR>/vapid-keys.json: a new pair would orphan every subscription,
 * since browsers bind theirs to the public key.
 */
export function vapidKeys(config: Pick<Config, "push" | "dataDir">): {
  publicKey: string;
  privateKey: string;
} {
  if (config.push.vapid) return config.push.vapid;
  const file = path.join(config.dataDir, "vapid-keys.json");
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(generateVapidKeys()), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
}

/** Web push (server/modules/push): the service the notifier queues pushes through, and its jobs. */
export function wirePush({ db, jobs, config, logger }: Base) {
  const keys = vapidKeys(config);
  const simulator = config.push.simulator;
  const push = createPushService({
    db,
    jobs,
    sender: createWebPushSender({ ...keys, subject: config.push.subject }),
    publicKey: keys.publicKey,
    extraOrigins: [...config.push.extraOrigins, ...(simulator && "url" in simulator ? [simulator.url] : [])],
    logger,
  });
  void registerPushJobs(jobs, push).catch((err) => logger.error({ err }, "could not register the push jobs"));
  return push;
}
