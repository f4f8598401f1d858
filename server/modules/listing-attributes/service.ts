import { and, count, desc, eq, isNotNull, min } from "drizzle-orm";
import type { FieldProblems, Problem } from "#core/contracts/errors.ts";
import {
  type AttributeDefinition,
  type AttributeFormData,
  type AttributeRow,
  type AttributeValues,
  FILL_LEVEL_KEY,
} from "#core/contracts/listing-attributes.ts";
import type { Locale } from "#core/i18n/index.ts";
import { attributesSchema, checkAttribute, describeAttributes } from "#core/rules/listing-attributes.ts";
import type { Db } from "#server/db/client.ts";
import type { Actor } from "#server/modules/catalog/index.ts";
import type { ListingAttributesHook } from "#server/modules/listings/index.ts";
import { removeDefinition, saveDefinition } from "./admin.ts";
import { allDefinitions, definitionsByCategory, definitionsFor, forgetDefinitions } from "./definitions.ts";
import { listingAttributeValues } from "./tables.ts";
import { copyValues, type FillLevelRows, normalisedValues, replaceValues, storedValues } from "./values.ts";

/** The evidence's fill levels of listings (listing-evidence's `fillLevelsOf`, wired in server/wiring). */
export type { FillLevelRows } from "./values.ts";

/** `fillLevels`: the evidence's piece of SQL giving the listings' fill levels (listing-evidence's fillLevelRowsSql). */
export type ListingAttributesDeps = { db: Db; fillLevels?: FillLevelRows };

/** How many suggestions the form offers per attribute: the most used values. */
const SUGGESTIONS = 200;
/** Suggestions are read at most once a minute: a new spelling waits that long to be offered. */
const SUGGESTIONS_TTL_MS = 60_000;

/** What the seller may type: the definitions but the evidence's fill level. */
const typed = (definitions: AttributeDefinition[]) => definitions.filter((d) => d.key !== FILL_LEVEL_KEY);

/** The values checked against the category's definitions: the typed values, or problems under `attributes.<key>`. */
async function checked(
  executor: Db,
  categoryId: number,
  raw: Record<string, string | number | boolean | null>,
): Promise<{ definitions: AttributeDefinition[]; values: AttributeValues; problems: FieldProblems }> {
  const definitions = typed(await definitionsFor(executor, categoryId));
  const parsed = attributesSchema(definitions).safeParse(raw);
  if (parsed.success) return { definitions, values: parsed.data, problems: {} };
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = `attributes.${issue.path.map(String).join(".")}`;
    problems[field] = [...(problems[field] ?? []), { key: issue.message as Problem["key"] }];
  }
  return { definitions, values: {}, problems };
}

/** The listings' hook: the values checked with the listing, saved in its transaction, copied on relist. */
function listingsHook(): ListingAttributesHook {
  return {
    async check(executor, { categoryId, attributes }) {
      if (attributes === undefined || attributes === null) return {};
      return (await checked(executor, categoryId, attributes)).problems;
    },
    async save(tx, productId, { categoryId, attributes }) {
      if (attributes === undefined || attributes === null) return;
      const result = await checked(tx, categoryId, attributes);
      // Checked with the listing just now: a refusal here is a bug.
      if (Object.keys(result.problems).length > 0)
        throw new Error(`the attributes of listing ${productId} were refused`);
      const values = await normalisedValues(tx, productId, result.definitions, result.values);
      await replaceValues(tx, productId, result.definitions, values);
    },
    copy: (tx, fromId, toId) => copyValues(tx, fromId, toId),
  };
}

/** The most used spellings of each suggested text attribute, most used first. */
async function readSuggestions(db: Db, keys: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const key of keys) {
    const rows = await db
      .select({ text: min(listingAttributeValues.textValue), uses: count() })
      .from(listingAttributeValues)
      .where(and(eq(listingAttributeValues.key, key), isNotNull(listingAttributeValues.matchKey)))
      .groupBy(listingAttributeValues.matchKey)
      .orderBy(desc(count()))
      .limit(SUGGESTIONS);
    out[key] = rows.flatMap((row) => (row.text ? [row.text] : [])).sort((a, b) => a.localeCompare(b, "cs"));
  }
  return out;
}

/**
 * Structured attributes of listings (issue 37, item 1; ADR 0090): the definitions per category
 * subtree, a listing's values (checked, normalised, saved through the listings' hook), their rows
 * for the product page, the form's fields, and the batch read other modules get through a port.
 */
export function createListingAttributesService({ db, fillLevels }: ListingAttributesDeps) {
  let suggestions: { at: number; keys: string; value: Promise<Record<string, string[]>> } | null = null;
  const suggestionsOf = (keys: string[]) => {
    const joined = keys.join(",");
    if (!suggestions || suggestions.keys !== joined || Date.now() - suggestions.at > SUGGESTIONS_TTL_MS)
      suggestions = { at: Date.now(), keys: joined, value: readSuggestions(db, keys) };
    return suggestions.value;
  };

  /** The values of listings by listing, the evidence's fill level among them: numbers as numbers. */
  async function attributeValuesOf(productIds: number[]): Promise<Map<number, AttributeValues>> {
    return storedValues(db, productIds, fillLevels);
  }

  /** The values of a listing in a category as the rows of its table, in the language. */
  async function describeValues(
    categoryId: number,
    values: AttributeValues,
    locale: Locale,
  ): Promise<AttributeRow[]> {
    return describeAttributes(await definitionsFor(db, categoryId), values, locale);
  }

  return {
    hook: listingsHook(),
    attributeValuesOf,
    /** Values with their labels and units for a category (a bottling page): describe(categoryId, values, locale). */
    describe: describeValues,
    /** A listing's rows (the product page, the API): its values described for its category. */
    async rowsOf(productId: number, categoryId: number, locale: Locale): Promise<AttributeRow[]> {
      const values = (await attributeValuesOf([productId])).get(productId) ?? {};
      return describeValues(categoryId, values, locale);
    },
    /**
     * Values as the form sends them (strings), described for a category: the listing preview's
     * table, the product page's own, suggested texts as they will be saved. A value its definition
     * refuses is left out (the form says why).
     */
    describeInput: (
      categoryId: number,
      raw: Record<string, string | number | boolean | null | undefined>,
      locale: Locale,
    ) => describeInput(db, categoryId, raw, locale),
    /** A listing's values as the edit form shows them (strings, the fill level left to the evidence). */
    async formValuesOf(productId: number): Promise<Record<string, string>> {
      const values = (await storedValues(db, [productId])).get(productId) ?? {};
      return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
    },
    definitionsFor: (categoryId: number) => definitionsFor(db, categoryId),
    /** The back office (the catalogue's scope): a definition added or changed, or removed, each audited. */
    async saveDefinition(actor: Actor, input: Parameters<typeof saveDefinition>[2]) {
      const saved = await saveDefinition(db, actor, input);
      forgetDefinitions();
      return saved;
    },
    async removeDefinition(actor: Actor, id: number) {
      const removed = await removeDefinition(db, actor, id);
      forgetDefinitions();
      return removed;
    },
    /** Every definition, a copy of its own (the back office sorts it). */
    allDefinitions: async () => [...(await allDefinitions(db))],
    /** The listing form's fields for every category, and the suggestions of existing values. */
    formData: (categoryIds: number[], locale: Locale) => formData(db, suggestionsOf, categoryIds, locale),
  };
}

export type ListingAttributesService = ReturnType<typeof createListingAttributesService>;

/**
 * Values as the form sends them (strings), described for a category: the listing preview's table,
 * the product page's own, suggested texts as they will be saved. A value its definition refuses is
 * left out (the form says why).
 */
async function describeInput(
  db: Db,
  categoryId: number,
  raw: Record<string, string | number | boolean | null | undefined>,
  locale: Locale,
): Promise<AttributeRow[]> {
  const definitions = await definitionsFor(db, categoryId);
  const values: AttributeValues = {};
  for (const definition of definitions) {
    const input = raw[definition.key];
    if (input === null || input === undefined || String(input).trim() === "") continue;
    const checked = checkAttribute(definition, input);
    if ("value" in checked) values[definition.key] = checked.value;
  }
  // A suggested text as it will be saved: the spelling other listings use (no listing is 0).
  return describeAttributes(definitions, await normalisedValues(db, 0, definitions, values), locale);
}

/** The listing form's fields for every category, and the suggestions of existing values. */
async function formData(
  db: Db,
  suggestionsOf: (keys: string[]) => Promise<Record<string, string[]>>,
  categoryIds: number[],
  locale: Locale,
): Promise<AttributeFormData> {
  const byId = await definitionsByCategory(db, categoryIds);
  const keys = new Set<string>();
  for (const definitions of byId.values())
    for (const definition of definitions)
      if (definition.suggested && definition.type === "text") keys.add(definition.key);
  const suggested = await suggestionsOf([...keys].sort());
  const byCategory: AttributeFormData["byCategory"] = {};
  for (const [id, definitions] of byId)
    byCategory[id] = typed(definitions).map((definition) => ({
      key: definition.key,
      type: definition.type,
      unit: definition.unit,
      required: definition.required,
      options: definition.options,
      suggested: definition.suggested,
      label: locale === "en" ? definition.labelEn : definition.labelCs,
    }));
  return { byCategory, suggestions: suggested };
}
