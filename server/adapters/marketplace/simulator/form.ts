/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with brackets for nesting
 * (`line_items[0][price_data][currency]=czk`, `expand[0]=payment_intent`, `expand[]=x`), the way
 * the `stripe` SDK writes bodies and query strings. Our own small parser: numeric indexes become
 * arrays, everything else objects; values stay strings, as Stripe receives them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `a[b][0]` → ["a", "b", "0"]; `a[]` → ["a", ""] (append). */
function keyPath(key: string): string[] {
  const first = key.indexOf("[");
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]);
  return parts;
}

const isIndex = (part: string) => part === "" || /^\d+$/.test(part);

export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const parts = keyPath(key);
    // biome-ignore lint/suspicious/noExplicitAny: a tree built step by step from untyped keys
    let node: any = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      // Keys that would reach the prototype are dropped: the body is whatever a client sent.
      if (part === "__proto__" || part === "constructor" || part === "prototype") break;
      const last = i === parts.length - 1;
      const slot = Array.isArray(node) && part === "" ? node.length : part;
      if (last) {
        node[slot] = value;
      } else {
        if (node[slot] === undefined || typeof node[slot] === "string")
          node[slot] = isIndex(parts[i + 1]) ? [] : {};
        node = node[slot];
      }
    }
  }
  return root;
}

/** A nested string parameter (`get(body, "price_data", "unit_amount")`), or undefined. */
export function param(value: FormValue | undefined, ...path: (string | number)[]): string | undefined {
  let node: FormValue | undefined = value;
  for (const step of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = (node as Record<string, FormValue>)[step];
  }
  return typeof node === "string" ? node : undefined;
}

/** The string values of a nested object (metadata): anything deeper is ignored. */
export function stringMap(value: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === "object" && !Array.isArray(value))
    for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
  return out;
}

/** The strings of a list parameter (`expand[0]=…`, `payment_method_types[0]=card`). */
export function stringList(value: FormValue | undefined): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (typeof value === "string") return [value];
  return [];
}
