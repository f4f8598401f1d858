import { createContext, useContext } from "react";

/**
 * The id of the request whose page is being rendered (server/http/request-log.ts gives each request
 * one, the same in its log line and its X-Request-Id header; app/entry.server.tsx provides it). The
 * error page shows it so that a visitor can quote it and support can find the request's log lines.
 */
export const RequestIdContext = createContext<string | undefined>(undefined);

/** Where the error page writes the id, so that hydration can read back what the server rendered. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

let documentError: { error: unknown; id: string | undefined } | null = null;

/**
 * The id of the request that failed with `error`: on the server the request's own; in the browser
 * the one the server wrote into the error page it sent, for that error only (the error hydrated
 * first). An error from a later navigation in the browser came with another request, whose id the
 * page does not know: none then, rather than a wrong one.
 */
export function useRequestId(error: unknown): string | undefined {
  const provided = useContext(RequestIdContext);
  if (provided !== undefined || typeof document === "undefined") return provided;
  documentError ??= {
    error,
    id: document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) || undefined,
  };
  return documentError.error === error ? documentError.id : undefined;
}
