import { z } from "zod";
import {
  ATTRIBUTE_KEY,
  ATTRIBUTE_TYPES,
  ATTRIBUTE_UNITS,
  type AttributeDefinitionInput,
  type AttributeOption,
} from "../contracts/listing-attributes.ts";

/**
 * The back office's form of one attribute definition (issue 37; docs/product/collector-data.md):
 * its category, key, type, unit, labels, an enum's values one per line as `value | Czech | English`,
 * the three switches and the position. Messages are i18n keys.
 */

const label = z.string().trim().min(1, "validation.required").max(80, "validation.invalid");
const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean());

/** `value | Czech | English` per line: the enum's values in order. */
export function parseOptions(text: string): AttributeOption[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const options = lines.map((line) => line.split("|").map((part) => part.trim()));
  if (
    options.some(
      (parts) => parts.length !== 3 || !/^[a-z0-9_]{1,40}$/.test(parts[0]) || !parts[1] || !parts[2],
    )
  )
    return null;
  return options.map(([value, cs, en]) => ({ value, cs, en }));
}

export const formatOptions = (options: AttributeOption[]) =>
  options.map((option) => `${option.value} | ${option.cs} | ${option.en}`).join("\n");

export const AttributeDefinitionForm = z
  .object({
    intent: z.literal("save"),
    id: z.coerce.number().int().positive().optional(),
    categoryId: z.coerce.number({ error: "validation.required" }).int().positive("validation.required"),
    key: z.string().trim().regex(ATTRIBUTE_KEY, "listingAttributes.admin.keyInvalid"),
    type: z.enum(ATTRIBUTE_TYPES, { error: "validation.required" }),
    unit: z.preprocess((value) => (value === "" ? undefined : value), z.enum(ATTRIBUTE_UNITS).optional()),
    labelCs: label,
    labelEn: label,
    options: z.string().default(""),
    required: checkbox,
    facet: checkbox,
    suggested: checkbox,
    position: z.coerce.number({ error: "validation.invalid" }).int("validation.invalid").min(0).max(100_000),
  })
  .transform((value, ctx): AttributeDefinitionInput & { intent: "save"; id?: number; categoryId: number } => {
    const options = value.type === "enum" ? parseOptions(value.options) : [];
    if (options === null || (value.type === "enum" && options.length === 0))
      ctx.addIssue({ code: "custom", path: ["options"], message: "listingAttributes.admin.optionsInvalid" });
    return { ...value, unit: value.unit ?? null, options: options ?? [] };
  });

export const AttributeDeleteForm = z.object({
  intent: z.literal("delete"),
  id: z.coerce.number().int().positive(),
});

export const AttributePageForm = z.union([AttributeDefinitionForm, AttributeDeleteForm]);
