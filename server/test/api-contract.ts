import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * Every answer an API test receives is held against the OpenAPI document (ADR 0108), so the
 * document cannot drift from the code: an operation's status must be one it documents, and a JSON
 * body must match that status's schema. The test harness (api-harness.ts) calls `check` on each
 * answer; a mismatch throws with the operation, the status and what did not match.
 */
export function createContractChecker(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: "openapi" });
  const validators = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      // A literal segment wins over a parameter (/messages/threads/{id} before /messages/{id}/…).
      parameters: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);

  /** The problems of one answer (empty: it matches the document, or no operation describes it). */
  function problems(method: string, url: string, status: number, contentType: string | null, body: unknown) {
    const path = new URL(url, "http://api.test").pathname.replace(/^\/api(?=\/)/, "");
    const verb = method.toLowerCase();
    const match = templates.find(
      ({ template, pattern }) => pattern.test(path) && document.paths[template][verb],
    );
    if (!match) return [];
    const operation = `${method} ${match.template} → ${status}`;
    const response = document.paths[match.template][verb].responses?.[String(status)];
    if (!response) return [`${operation}: the document does not list this status`];
    if (!contentType?.includes("application/json")) return [];
    if (!response.content?.["application/json"]?.schema) {
      return [`${operation}: answers JSON, the document describes no JSON body`];
    }
    const key = `${verb} ${match.template} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const pointer = [
        "paths",
        match.template,
        verb,
        "responses",
        String(status),
        "content",
        "application/json",
        "schema",
      ]
        .map((part) => encodeURIComponent(part.replaceAll("~", "~0").replaceAll("/", "~1")))
        .join("/");
      validate = ajv.compile({ $ref: `openapi#/${pointer}` });
      validators.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${operation}: ${error.instancePath || "(body)"} ${error.message}`,
    );
  }

  return {
    problems,
    check(method: string, url: string, status: number, contentType: string | null, body: unknown) {
      const found = problems(method, url, status, contentType, body);
      if (found.length > 0) {
        throw new Error(
          `The answer does not match the OpenAPI document (server/test/api-contract.ts):\n${found.join("\n")}\n` +
            `body: ${JSON.stringify(body)?.slice(0, 500)}`,
        );
      }
    },
  };
}

export type ContractChecker = ReturnType<typeof createContractChecker>;
