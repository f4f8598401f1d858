import { authApi } from "./auth/api.ts";

/** Every module's API router, mounted under /api in this order. */
export const apiModules = [authApi];
