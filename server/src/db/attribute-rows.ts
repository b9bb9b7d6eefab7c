import type { Attribute, StoredAttribute } from '@bosun/shared';
import { DEFAULT_ATTRIBUTE_SETTINGS } from '@bosun/shared/attribute-settings';

/**
 * A variable product's attribute as a product_attributes row and back (migration 0033): values as
 * a JSON array, the settings' flags as 0/1; settings an attribute leaves out are the defaults.
 * No zod: the SQLite import's worker writes attributes with it.
 */
export interface AttributeRowValues {
  name: string;
  value_list: string;
  visible: number;
  global: number;
  default_value: string | null;
}

export const attributeRowValues = (attribute: Attribute): AttributeRowValues => ({
  name: attribute.name,
  value_list: JSON.stringify(attribute.values),
  visible: (attribute.visible ?? DEFAULT_ATTRIBUTE_SETTINGS.visible) ? 1 : 0,
  global: (attribute.global ?? DEFAULT_ATTRIBUTE_SETTINGS.global) ? 1 : 0,
  default_value: attribute.default_value ?? null,
});

export const attributeOfRow = (row: AttributeRowValues): StoredAttribute => ({
  name: row.name,
  values: JSON.parse(row.value_list) as string[],
  visible: Number(row.visible) === 1,
  global: Number(row.global) === 1,
  default_value: row.default_value,
});

/** The product_attributes columns attributeOfRow reads. */
export const ATTRIBUTE_ROW_COLUMNS = ['name', 'value_list', 'visible', 'global', 'default_value'] as const;
