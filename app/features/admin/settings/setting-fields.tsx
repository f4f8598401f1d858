import {
  type FieldMetadata,
  type FormMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { isMessageKey } from "#core/i18n/index.ts";
import type { SettingName } from "#core/schemas/settings.ts";
import type { FieldNode } from "#core/schemas/settings-form.ts";

/**
 * A setting's form fields, drawn from the tree of the schema the site reads the setting with
 * (core/schemas/settings-form.ts): texts, whole numbers, amounts in crowns, switches, choices, and
 * lists of rows to add, remove and reorder (Conform's list intents, which work without scripts as
 * plain submit buttons). Every field says its own errors under it.
 */

// Conform's field metadata of a value whose shape only the tree knows.
// biome-ignore lint/suspicious/noExplicitAny: the shape is read at run time from the schema's tree.
type Meta = FieldMetadata<any, Record<string, unknown>, string[]>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type Form = FormMetadata<any, string[]>;

/** Options of a list of ids (the featured categories): value and label. */
export type SettingOption = { value: string; label: string };

type Context = { setting: SettingName; form: Form; options?: SettingOption[] };

const inputClass =
  "mt-1 w-full rounded border border-line bg-white px-3 py-2 focus:border-primary-dark focus:outline-2 focus:outline-primary-dark aria-[invalid=true]:border-danger";
const smallButton =
  "rounded border border-line bg-white px-2 py-1 text-sm text-primary-dark hover:bg-light disabled:opacity-40";

function useLabel(setting: SettingName) {
  const { t } = useTranslation();
  return (key: string) => {
    const own = `adminSettings.fields.${setting}.${key}`;
    const shared = `adminSettings.fields.${key}`;
    if (isMessageKey(own)) return t(own);
    return isMessageKey(shared) ? t(shared) : key;
  };
}

function useItemName() {
  const { t } = useTranslation();
  return (listKey: string) => {
    const key = `adminSettings.itemNames.${listKey}`;
    return t(isMessageKey(key) ? key : "adminSettings.itemNames.default");
  };
}

function Errors({ meta }: { meta: Meta }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="mt-1 text-sm text-danger" data-field-error>
      {meta.errors.join(" ")}
    </p>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-sm text-muted">
      {children}
    </p>
  ) : null;
}

/** One input: a text, a number, an amount in crowns, a switch. */
function Leaf({ node, meta, label, fieldKey, ctx }: LeafProps) {
  const { t } = useTranslation();
  if (node.kind === "switch") {
    return (
      <div>
        <label className="flex items-center gap-2 font-medium">
          <input {...getInputProps(meta, { type: "checkbox" })} key={meta.key} className="size-5" />
          {label}
        </label>
        <Errors meta={meta} />
      </div>
    );
  }
  const hintId = `${meta.id}-hint`;
  const hint =
    node.kind === "number"
      ? node.nullable
        ? t(fieldKey === "max" ? "adminSettings.openEnded" : "adminSettings.noneHint")
        : node.money
          ? t("adminSettings.crownsHint")
          : undefined
      : node.kind === "text" && !node.required
        ? t("adminSettings.optionalHint")
        : undefined;
  const required =
    node.kind === "text" || node.kind === "number"
      ? node.required && !("nullable" in node && node.nullable)
      : false;
  const describedBy = [hint ? hintId : null, meta.errors?.length ? meta.errorId : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    "aria-describedby": describedBy || undefined,
    className: inputClass,
  };
  let control: ReactNode;
  if (ctx.options && node.kind === "number") {
    control = (
      <select {...getSelectProps(meta)} key={meta.key} {...common}>
        <option value="">—</option>
        {ctx.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (node.kind === "text" && node.long) {
    control = <textarea {...getTextareaProps(meta)} key={meta.key} rows={5} {...common} />;
  } else {
    const type = node.kind === "text" && node.email ? "email" : "text";
    control = (
      <input
        {...getInputProps(meta, { type })}
        key={meta.key}
        inputMode={node.kind === "number" ? (node.money ? "decimal" : "numeric") : undefined}
        {...common}
      />
    );
  }
  return (
    <div>
      <label htmlFor={meta.id} className="block font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      <Hint id={hintId}>{hint}</Hint>
      <Errors meta={meta} />
    </div>
  );
}

type LeafProps = { node: FieldNode; meta: Meta; label: string; fieldKey: string; ctx: Context };

/** Checkboxes of a fixed list (the countries a carrier delivers to). */
function Choices({
  node,
  meta,
  label,
}: {
  node: FieldNode & { kind: "choices" };
  meta: Meta;
  label: string;
}) {
  return (
    <fieldset aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="font-medium">{label}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {getCollectionProps(meta, { type: "checkbox", options: [...node.options] }).map((props) => (
          <label key={props.key} className="flex items-center gap-2">
            <input {...props} key={props.key} className="size-5" />
            {props.value}
          </label>
        ))}
      </div>
      <Errors meta={meta} />
    </fieldset>
  );
}

/** A list of rows with add, remove and move buttons; each row is its own fieldset. */
function ListField({ node, meta, label, listKey, ctx }: ListProps) {
  const { t } = useTranslation();
  const itemName = useItemName()(listKey);
  const items = (meta as unknown as FieldMetadata<unknown[]>).getFieldList() as Meta[];
  return (
    <fieldset
      className={label ? "rounded-lg border border-line p-3" : undefined}
      aria-describedby={meta.errors?.length ? meta.errorId : undefined}
    >
      {label ? <legend className="px-1 font-semibold">{label}</legend> : null}
      <Errors meta={meta} />
      {items.length === 0 ? <p className="text-muted">{t("adminSettings.emptyList")}</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <li key={item.key} data-testid="setting-row">
            <fieldset className="rounded-md border border-line bg-light/40 p-3">
              <legend className="px-1 font-medium">
                {t("adminSettings.item", { item: itemName, n: index + 1 })}
              </legend>
              <SettingField node={node.of} meta={item} fieldKey={listKey} ctx={ctx} inList />
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  {...ctx.form.reorder.getButtonProps({ name: meta.name, from: index, to: index - 1 })}
                  className={smallButton}
                  disabled={index === 0}
                >
                  {t("adminSettings.moveUp")}
                  <span className="sr-only">
                    {" "}
                    ({t("adminSettings.item", { item: itemName, n: index + 1 })})
                  </span>
                </button>
                <button
                  {...ctx.form.reorder.getButtonProps({ name: meta.name, from: index, to: index + 1 })}
                  className={smallButton}
                  disabled={index === items.length - 1}
                >
                  {t("adminSettings.moveDown")}
                  <span className="sr-only">
                    {" "}
                    ({t("adminSettings.item", { item: itemName, n: index + 1 })})
                  </span>
                </button>
                <button
                  {...ctx.form.remove.getButtonProps({ name: meta.name, index })}
                  className={smallButton}
                >
                  {t("adminSettings.remove")}
                  <span className="sr-only">
                    {" "}
                    ({t("adminSettings.item", { item: itemName, n: index + 1 })})
                  </span>
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button {...ctx.form.insert.getButtonProps({ name: meta.name })} className={`mt-3 ${smallButton}`}>
        {t("adminSettings.add", { item: itemName.toLocaleLowerCase() })}
      </button>
    </fieldset>
  );
}

type ListProps = {
  node: FieldNode & { kind: "list" };
  meta: Meta;
  label?: string;
  listKey: string;
  ctx: Context;
};

/** Any part of a setting's value, drawn by its kind. */
export function SettingField({
  node,
  meta,
  fieldKey,
  ctx,
  inList = false,
}: {
  node: FieldNode;
  meta: Meta;
  fieldKey: string;
  ctx: Context;
  inList?: boolean;
}) {
  const label = useLabel(ctx.setting);
  const root = meta.name === "value";
  switch (node.kind) {
    case "object": {
      const fieldset = (meta as unknown as FieldMetadata<Record<string, unknown>>).getFieldset() as Record<
        string,
        Meta
      >;
      const leaves = node.fields.every(({ node: child }) => child.kind !== "object" && child.kind !== "list");
      const wide = leaves && node.fields.length >= 4;
      const grid = (
        <div
          className={`grid gap-3 ${wide ? "tablet:grid-cols-2 desktop:grid-cols-4" : leaves ? "tablet:grid-cols-2" : ""}`}
        >
          {node.fields.map(({ key, node: child }) => (
            <SettingField key={key} node={child} meta={fieldset[key]} fieldKey={key} ctx={ctx} />
          ))}
        </div>
      );
      if (root || inList) return grid;
      return (
        <fieldset className="rounded-lg border border-line p-3 tablet:col-span-2">
          <legend className="px-1 font-semibold">{label(fieldKey)}</legend>
          {grid}
        </fieldset>
      );
    }
    case "list":
      return (
        <div className="tablet:col-span-2 desktop:col-span-4">
          <ListField
            node={node}
            meta={meta}
            label={root ? undefined : label(fieldKey)}
            listKey={fieldKey}
            ctx={ctx}
          />
        </div>
      );
    case "choices":
      return <Choices node={node} meta={meta} label={label(fieldKey)} />;
    default:
      return (
        <Leaf
          node={node}
          meta={meta}
          label={inList ? label(fieldKey === ctx.setting ? "category" : fieldKey) : label(fieldKey)}
          fieldKey={fieldKey}
          ctx={{ ...ctx, options: inList ? ctx.options : undefined }}
        />
      );
  }
}
