import { DEFAULT_ATTRIBUTE_SETTINGS, MAX_ATTRIBUTES, type Attribute, type AttributeInput, type PutAttributesBody, type StoredAttribute } from '@bosun/shared';

/**
 * The attributes as the user edits them before saving. Each attribute remembers the position it
 * had (`was`) and each value the text it had (`original`), so the save tells the server what was
 * renamed or moved rather than removed and added: the variations then keep their values.
 */
export interface ValueDraft {
  key: string;
  text: string;
  /** The value's text as saved; undefined for a value added since. */
  original?: string;
}

export interface AttributeDraft {
  key: string;
  name: string;
  values: ValueDraft[];
  /** Its position (1-3) as saved; undefined for an attribute added since. */
  was?: number;
  /** For an added attribute when variations exist: the value they all take. */
  fill: string;
  /** Shown on the product page (WooCommerce's 'visible'). */
  visible: boolean;
  /** One of the shop's global attributes, a shop-wide taxonomy in WooCommerce, rather than the product's own (its 'global'). */
  global: boolean;
  /** The key of the value preselected on the product page (it follows a rename; gone with its value). */
  defaultKey: string | null;
}

let nextKey = 0;
const newKey = () => `k${++nextKey}`;

export function draftsFromAttributes(attributes: readonly StoredAttribute[]): AttributeDraft[] {
  return attributes.map((attribute, i) => {
    const values = attribute.values.map((value) => ({ key: newKey(), text: value, original: value }));
    return {
      key: newKey(),
      name: attribute.name,
      values,
      was: i + 1,
      fill: '',
      visible: attribute.visible,
      global: attribute.global,
      defaultKey: values.find((v) => v.text === attribute.default_value)?.key ?? null,
    };
  });
}

export const canAddAttribute = (drafts: readonly AttributeDraft[]) => drafts.length < MAX_ATTRIBUTES;

export function addAttribute(drafts: readonly AttributeDraft[], name: string): AttributeDraft[] {
  if (!canAddAttribute(drafts)) return [...drafts];
  return [...drafts, { key: newKey(), name, values: [], fill: '', visible: DEFAULT_ATTRIBUTE_SETTINGS.visible, global: DEFAULT_ATTRIBUTE_SETTINGS.global, defaultKey: null }];
}

export const removeAttribute = (drafts: readonly AttributeDraft[], key: string) => drafts.filter((d) => d.key !== key);

export const updateAttribute = (drafts: readonly AttributeDraft[], key: string, change: Partial<Pick<AttributeDraft, 'name' | 'fill' | 'visible' | 'global' | 'defaultKey'>>) =>
  drafts.map((d) => (d.key === key ? { ...d, ...change } : d));

/** Moves an item one place up (-1) or down (+1); at either end it stays. */
export function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  const copy = [...items];
  if (target < 0 || target >= items.length) return copy;
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

export function moveAttribute(drafts: readonly AttributeDraft[], key: string, by: -1 | 1) {
  return move(drafts, drafts.findIndex((d) => d.key === key), by);
}

const withValues = (drafts: readonly AttributeDraft[], key: string, values: (current: ValueDraft[]) => ValueDraft[]) =>
  drafts.map((d) => (d.key === key ? { ...d, values: values(d.values) } : d));

/** Adds values typed in one go ('8 mm, 10 mm'); blank ones are skipped, the rest kept as typed for the schema to check. */
export function addValues(drafts: readonly AttributeDraft[], key: string, typed: string) {
  const texts = typed.split(',').map((t) => t.trim()).filter(Boolean);
  return withValues(drafts, key, (values) => [...values, ...texts.map((text) => ({ key: newKey(), text }))]);
}

export const removeValue = (drafts: readonly AttributeDraft[], key: string, valueKey: string) =>
  withValues(drafts, key, (values) => values.filter((v) => v.key !== valueKey));

export const renameValue = (drafts: readonly AttributeDraft[], key: string, valueKey: string, text: string) =>
  withValues(drafts, key, (values) => values.map((v) => (v.key === valueKey ? { ...v, text } : v)));

export const moveValue = (drafts: readonly AttributeDraft[], key: string, valueKey: string, by: -1 | 1) =>
  withValues(drafts, key, (values) => move(values, values.findIndex((v) => v.key === valueKey), by));

/** The text of the draft's default value; null without one or once that value is removed. */
const defaultText = (d: AttributeDraft) => d.values.find((v) => v.key === d.defaultKey)?.text.trim() ?? null;

/**
 * PUT /products/{id}/attributes: each attribute's name and values in the order shown, whether it
 * shows on the product page, whether it is global and its default value, where it was (`was`), the values renamed in
 * place (`renames`) and, for one added while variations exist, the value they take (`fill`).
 */
export function toAttributesBody(drafts: readonly AttributeDraft[], hasVariations: boolean): PutAttributesBody {
  return {
    attributes: drafts.map((d) => {
      const attribute: AttributeInput = { name: d.name.trim(), values: d.values.map((v) => v.text.trim()), visible: d.visible, global: d.global, default_value: defaultText(d) };
      if (d.was !== undefined) {
        attribute.was = d.was;
        const renames = d.values.filter((v) => v.original !== undefined && v.original !== v.text.trim()).map((v) => ({ from: v.original!, to: v.text.trim() }));
        if (renames.length) attribute.renames = renames;
      } else if (hasVariations && d.fill) {
        attribute.fill = d.fill;
      }
      return attribute;
    }),
  };
}

/** Whether the drafts say anything other than the saved attributes. */
export function attributesChanged(drafts: readonly AttributeDraft[], saved: readonly StoredAttribute[]): boolean {
  const shown = (list: ReadonlyArray<Pick<AttributeInput, 'name' | 'values' | 'visible' | 'global' | 'default_value'>>) =>
    JSON.stringify(list.map(({ name, values, visible, global, default_value }) => ({ name, values, visible, global, default_value })));
  return shown(toAttributesBody(drafts, false).attributes) !== shown(saved);
}

/** The generator's default SKU pattern: the parent's SKU, then each attribute's value. */
export const defaultSkuPattern = (attributes: readonly Pick<Attribute, 'name'>[]) => ['{sku}', ...attributes.map((a) => `{${a.name}}`)].join('-');

/**
 * The server's messages for the attributes, keyed as the editor shows them: `attributes.<i>.name`,
 * `.values` (a value's own message too), `.fill`, `.default_value`, `.visible`, `.global`, and `form` for the list as a whole.
 */
export function attributeMessages(fields: Readonly<Record<string, string>>, drafts: readonly AttributeDraft[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const match = /^attributes\.(\d+)\.(name|values|fill|was|renames|default_value|visible|global)/.exec(key);
    const draft = match ? drafts[Number(match[1])] : undefined;
    const slot = draft ? `${draft.key}.${match![2] === 'renames' || match![2] === 'was' ? 'values' : match![2]}` : 'form';
    result[slot] ??= message;
  }
  return result;
}
