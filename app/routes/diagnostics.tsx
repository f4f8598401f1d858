import { data, type MiddlewareFunction } from "react-router";
import { named } from "../middleware.server.ts";
import type { Route } from "./+types/diagnostics";

/**
 * Error triggers for the browser tests of the error page (docs/product/calls-and-errors.md, "Error
 * catalogue"), also under `/en`:
 * - `/__diagnostics/middleware/{name}` runs the named-middleware resolver with that name, so an
 *   unknown one gives the 500 "Unknown middleware {name}" a misconfigured route would;
 * - `/__diagnostics/crash` fails with an unexpected exception whose message must never reach the
 *   page.
 * They exist only when the server runs with E2E_DIAGNOSTICS=1 (scripts/e2e-server.ts sets it);
 * anywhere else every such path is a plain 404, as if the route did not exist.
 */
const enabled = () => process.env.E2E_DIAGNOSTICS === "1";

export const middleware: MiddlewareFunction<Response>[] = [
  (args, next) => {
    if (!enabled()) throw data(null, { status: 404 });
    const name = args.params.name;
    if (!name) return next();
    const [resolved] = named(name);
    return resolved(args, next);
  },
];

export function loader({ params }: Route.LoaderArgs) {
  if (!("name" in params))
    throw new Error("Diagnostics crash: connection to postgres://internal-db:5432 refused at query.ts:42");
  // A known middleware name lets the request through to here: there is nothing to show.
  throw data(null, { status: 404 });
}

export const handle = { layout: "simple" };

export default function Diagnostics() {
  return null;
}
