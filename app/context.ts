import { createContext } from "react-router";
import type { AppVariables } from "../server/http/types.ts";

/** What loaders and actions get from the server: services, the user, the locale (architecture.md). */
export const appContext = createContext<AppVariables>();
