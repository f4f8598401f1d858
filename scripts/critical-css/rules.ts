import postcss, {
  type AtRule,
  type ChildNode,
  type Container,
  type Node,
  type Root,
  type Rule,
} from "postcss";

/**
 * The critical stylesheet (ADR 0114): the rules of the built sheet that the first screen of the
 * public pages uses, chosen by a committed list of rule keys (app/critical-css.json) that
 * tests/critical-css/collect.ts writes from what Chromium shows and tests/e2e/critical-css.spec.ts
 * keeps current.
 *
 * A rule's key is its selector as the built file writes it, after the conditions it sits in
 * (`@media`, `@supports`, `@container`; not `@layer`, which only orders): the same text whether
 * it is read here or sent to the page to be matched, so the two sides never disagree on how a
 * selector is spelled.
 */
export type StyleRule = {
  key: string;
  selector: string;
  /** The conditions the rule sits in, outermost first, as `@media (width>=48rem)`. */
  conditions: string[];
};

const CONDITIONS = new Set(["media", "supports", "container"]);

function conditionsOf(rule: Rule): string[] {
  const conditions: string[] = [];
  for (let parent = rule.parent; parent && parent.type !== "root"; parent = parent.parent) {
    if (parent.type === "atrule" && CONDITIONS.has((parent as AtRule).name))
      conditions.unshift(`@${(parent as AtRule).name} ${(parent as AtRule).params}`);
  }
  return conditions;
}

function keyOf(selector: string, conditions: string[]): string {
  return [...conditions, selector].join(" ");
}

/** Rules that only tell what a custom property or an animation is: kept as far as they are used. */
function isDefinitionRule(rule: Rule): boolean {
  return rule.nodes.every((node) => node.type === "decl" && node.prop.startsWith("--"));
}

/** Every style rule of the sheet, in order (keyframes' steps are not rules of their own). */
export function styleRules(css: string): StyleRule[] {
  const rules: StyleRule[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    const conditions = conditionsOf(rule);
    rules.push({ key: keyOf(rule.selector, conditions), selector: rule.selector, conditions });
  });
  return rules;
}

function insideKeyframes(node: ChildNode): boolean {
  for (let parent: Node | undefined = node.parent; parent && parent.type !== "root"; parent = parent.parent)
    if (parent.type === "atrule" && (parent as AtRule).name.endsWith("keyframes")) return true;
  return false;
}

const VARIABLE = /var\(\s*(--[\w-]+)/g;
const ANIMATION = /^(-webkit-)?animation(-name)?$/;

/**
 * The sheet with only the rules whose key is in `keys`, and of what defines things only the
 * custom properties, `@property` registrations and keyframes those rules use (Tailwind's theme
 * names every colour and size of the site; the first screen needs a part of them). Empty
 * conditions go; `@layer` blocks stay, even empty, so the layers keep their order.
 */
export function criticalCss(css: string, keys: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkComments((comment) => {
    comment.remove();
  });
  const definitions: Rule[] = [];
  root.walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    if (!keys.has(keyOf(rule.selector, conditionsOf(rule)))) rule.remove();
    else if (isDefinitionRule(rule)) definitions.push(rule);
  });
  const { variables, animations } = usedNames(root, definitions);
  for (const rule of definitions) {
    rule.walkDecls((decl) => {
      if (!variables.has(decl.prop)) decl.remove();
    });
    if (rule.nodes.length === 0) rule.remove();
  }
  // An animation is named in `animation` or in a custom property it reads (Tailwind's
  // `--animate-pulse: pulse 2s …`), so the words of both that are left count.
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--") && !insideKeyframes(decl))
      for (const word of decl.value.split(/[\s,()]+/)) animations.add(word);
  });
  root.walkAtRules((atRule) => {
    if (atRule.name === "property" && !variables.has(atRule.params.trim())) atRule.remove();
    else if (atRule.name.endsWith("keyframes") && !animations.has(atRule.params.trim())) atRule.remove();
  });
  removeEmptyConditions(root);
  return root.toString();
}

/**
 * The custom properties the kept rules read or set (and, through the definitions, what those read
 * in turn), and the animations they name.
 */
function usedNames(root: Root, definitions: Rule[]) {
  const variables = new Set<string>();
  const animations = new Set<string>();
  const definitionSet = new Set(definitions);
  root.walkRules((rule) => {
    if (insideKeyframes(rule) || definitionSet.has(rule)) return;
    rule.walkDecls((decl) => {
      if (decl.prop.startsWith("--")) variables.add(decl.prop);
      for (const match of decl.value.matchAll(VARIABLE)) variables.add(match[1] as string);
      if (ANIMATION.test(decl.prop)) for (const word of decl.value.split(/[\s,()]+/)) animations.add(word);
    });
  });
  // Definitions read other definitions (`--color-x: var(--color-y)`): follow until nothing is added.
  const values = new Map<string, string[]>();
  for (const rule of definitions)
    rule.walkDecls((decl) => {
      values.set(decl.prop, [...(values.get(decl.prop) ?? []), decl.value]);
    });
  const queue = [...variables];
  while (queue.length > 0) {
    for (const value of values.get(queue.pop() as string) ?? [])
      for (const match of value.matchAll(VARIABLE)) {
        const name = match[1] as string;
        if (!variables.has(name)) {
          variables.add(name);
          queue.push(name);
        }
      }
  }
  return { variables, animations };
}

function removeEmptyConditions(container: Container) {
  for (const node of [...(container.nodes ?? [])]) {
    if (node.type !== "atrule" || !node.nodes) continue;
    removeEmptyConditions(node);
    if (node.nodes.length === 0 && node.name !== "layer") node.remove();
  }
}
