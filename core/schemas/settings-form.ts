import { z } from "zod";
import { formatCrownsInput, parseCrowns } from "../money/crowns-input.ts";
import { SETTING_SPECS, type SettingName } from "./settings.ts";

/**
 * The back office's form of a setting (docs/product/back-office.md, "Settings"), read by the very
 * schema the site and the API read the setting with (settings.ts): the fields as the browser posts
 * them (strings, a checkbox's "on", repeated names) become the setting's value, the value is checked
 * by the setting's schema, and every problem is said at the field it came from (`value[2].min`).
 * Amounts kept in minor units (keys ending in `Minor`) are typed in crowns through the one money
 * parser (core/money/crowns-input.ts). The form's values stay strings, so a refused save shows
 * again exactly what was typed.
 */

/** A setting's value as the form sees it: built once from its zod schema. */
export type FieldNode =
  | { kind: "object"; fields: { key: string; node: FieldNode }[] }
  | { kind: "list"; of: FieldNode }
  | { kind: "choices"; options: readonly string[] }
  | { kind: "text"; required: boolean; long: boolean; email: boolean }
  | { kind: "number"; required: boolean; nullable: boolean; money: boolean }
  | { kind: "switch" };

type AnySchema = z.core.$ZodType;

const defOf = (schema: AnySchema) => schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;

/** Texts longer than this get a text area. */
const LONG_TEXT = 500;

function fieldNode(schema: AnySchema, money: boolean, required = true, nullable = false): FieldNode {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
      return fieldNode(def.innerType as AnySchema, money, false, nullable);
    case "nullable":
      return fieldNode(def.innerType as AnySchema, money, required, true);
    case "object": {
      const shape = def.shape as Record<string, AnySchema>;
      return {
        kind: "object",
        fields: Object.entries(shape).map(([key, node]) => ({
          key,
          node: fieldNode(node, money || key.endsWith("Minor")),
        })),
      };
    }
    case "array": {
      const element = def.element as AnySchema;
      const elementDef = defOf(element);
      if (elementDef.type === "enum")
        return { kind: "choices", options: Object.values(elementDef.entries as Record<string, string>) };
      return { kind: "list", of: fieldNode(element, money) };
    }
    case "number":
      return { kind: "number", required, nullable, money };
    case "boolean":
      return { kind: "switch" };
    default: {
      const maxLength = (schema as { maxLength?: number | null }).maxLength ?? 0;
      return { kind: "text", required, long: maxLength > LONG_TEXT, email: def.format === "email" };
    }
  }
}

/** The form's tree of a setting. */
export function settingFields(name: SettingName): FieldNode {
  return fieldNode(SETTING_SPECS[name].schema, false);
}

type Problem = { path: (string | number)[]; message: string };

const isBlank = (raw: unknown) => raw === undefined || raw === null || raw === "";

/** The value the posted fields mean; amounts that are no amount are collected as problems. */
function toValue(node: FieldNode, raw: unknown, path: (string | number)[], problems: Problem[]): unknown {
  switch (node.kind) {
    case "object": {
      const source = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
      const out: Record<string, unknown> = {};
      for (const { key, node: child } of node.fields) {
        const value = toValue(child, source[key], [...path, key], problems);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case "list":
    case "choices": {
      // A name posted once arrives as one value, not a list; none as nothing.
      const items = isBlank(raw) ? [] : Array.isArray(raw) ? raw : [raw];
      if (node.kind === "choices") return items.filter((item) => typeof item === "string" && item !== "");
      return items.map((item, index) => toValue(node.of, item, [...path, index], problems));
    }
    case "switch":
      return raw === "on" || raw === true;
    case "number": {
      if (isBlank(raw)) return node.nullable ? null : undefined;
      const text = String(raw);
      if (node.money) {
        const minor = parseCrowns(text);
        if (minor === "invalid" || minor === null) {
          problems.push({ path, message: "adminSettings.errors.crowns" });
          return undefined;
        }
        return minor;
      }
      const number = /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isNaN(number)) problems.push({ path, message: "adminSettings.errors.wholeNumber" });
      return Number.isNaN(number) ? undefined : number;
    }
    case "text":
      // An empty optional text is no value; an empty required one is reported as missing.
      return isBlank(raw) ? undefined : String(raw);
  }
}

/** The form's values (strings, "on") of a stored value: what the form shows first. */
function toForm(node: FieldNode, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  switch (node.kind) {
    case "object": {
      const source = typeof value === "object" ? (value as Record<string, unknown>) : {};
      return Object.fromEntries(node.fields.map(({ key, node: child }) => [key, toForm(child, source[key])]));
    }
    case "list":
      return Array.isArray(value) ? value.map((item) => toForm(node.of, item)) : [];
    case "choices":
      return Array.isArray(value) ? value.map(String) : [];
    case "switch":
      return value === true ? "on" : undefined;
    case "number":
      return typeof value === "number" ? (node.money ? formatCrownsInput(value) : String(value)) : undefined;
    case "text":
      return String(value);
  }
}

/** What the form shows for the setting's current value (none yet: an empty form). */
export function settingFormValues(name: SettingName, value: unknown): { value?: unknown } {
  return { value: toForm(settingFields(name), value) };
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
  a.length === b.length && a.every((part, index) => String(part) === String(b[index]));

/** The form of one setting: its fields in, the setting's checked value out. */
export function settingFormSchema(name: SettingName) {
  const schema = SETTING_SPECS[name].schema as z.ZodType<unknown>;
  const fields = settingFields(name);
  return z.object({ value: z.unknown().optional() }).transform((form, ctx) => {
    const problems: Problem[] = [];
    const value = toValue(fields, form.value, [], problems);
    for (const problem of problems)
      ctx.addIssue({ code: "custom", path: ["value", ...problem.path], message: problem.message });
    const parsed = schema.safeParse(value);
    for (const issue of parsed.error?.issues ?? []) {
      // A field already said to be no amount is not also said to be missing.
      if (problems.some((problem) => samePath(problem.path, issue.path))) continue;
      ctx.addIssue({ ...issue, path: ["value", ...issue.path] } as z.core.$ZodRawIssue);
    }
    if (problems.length > 0 || !parsed.success) return z.NEVER;
    return { value: parsed.data };
  });
}
