import type { Context } from "hono";
import type { AppEnv } from "#server/http/types.ts";

/** Who makes a back-office change, for its audit record: the signed-in staff member and their address. */
export const actorOf = (c: Context<AppEnv>) => ({ actorId: c.get("user")!.id, ip: c.get("clientIp") });
