import { DEFAULT_ATTRIBUTE_SETTINGS, VARIANT_MESSAGES, type Attribute, type AttributeInput, type PutAttributesBody, type StoredAttribute } from '@bosun/shared';
import { nowIso } from '../../db/clock.js';
import { badRequest, conflict, type FieldErrors } from '../../errors.js';
import { combinationKey } from './variation-combinations.js';
import { findAttributes, findVariationRows, replaceAttributes, setKind, writeVariations } from './variants.repository.js';
import { getVariations, loadParent, optionValues, variationsChange, type VariantDeps } from './variants.service.js';

/**
 * An attribute's storefront settings after the change: the ones given, else those it had
 * (`was`), its default following a rename and dropped with its value; a new attribute's defaults.
 */
function settingsAfter(attribute: AttributeInput, before: readonly StoredAttribute[]) {
  const had = attribute.was === undefined ? undefined : before[attribute.was - 1];
  const kept = had?.default_value == null ? null : (attribute.renames?.find((r) => r.from === had.default_value)?.to ?? had.default_value);
  const defaultValue = attribute.default_value !== undefined ? attribute.default_value : kept;
  return {
    visible: attribute.visible ?? had?.visible ?? DEFAULT_ATTRIBUTE_SETTINGS.visible,
    global: attribute.global ?? had?.global ?? DEFAULT_ATTRIBUTE_SETTINGS.global,
    default_value: defaultValue !== null && attribute.values.includes(defaultValue) ? defaultValue : null,
  };
}

/**
 * Replaces a product's attributes. Giving a simple product attributes makes it variable (it keeps
 * its id, SKU and texts); taking all of them away makes it simple again, allowed only once it has no
 * variations left. The variations follow in the same transaction: an attribute renamed or moved
 * (`was`) keeps their values, a value renamed (`renames`) is renamed on them, an added attribute
 * gives them its `fill` value, a removed one drops its value; each keeps its storefront settings
 * unless given (settingsAfter). Refused whole, naming the field, when
 * a removed value is still used or two variations would end up with the same values.
 */
export async function putAttributes(deps: VariantDeps, productId: number, body: PutAttributesBody) {
  await variationsChange(deps, productId, async (trx) => {
    const parent = await loadParent(trx, productId);
    const before = await findAttributes(trx, productId);
    const rows = await findVariationRows(trx, productId);
    if (!body.attributes.length) {
      if (rows.length) throw conflict(VARIANT_MESSAGES.hasVariations(rows.length), { attributes: VARIANT_MESSAGES.hasVariations(rows.length) });
      await replaceAttributes(trx, productId, []);
      if (parent.kind !== 'simple') await setKind(trx, productId, 'simple', nowIso());
      return;
    }
    const errors: FieldErrors = {};
    body.attributes.forEach((attribute, i) => {
      if (attribute.was !== undefined && attribute.was > before.length) errors[`attributes.${i}.was`] = `The product had ${before.length} attributes before`;
      if (attribute.was === undefined && rows.length && attribute.fill === undefined) errors[`attributes.${i}.fill`] = VARIANT_MESSAGES.fillNeeded(attribute.name);
    });
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);

    // Each variation's values after the change, and who still uses a value no longer listed.
    const next = rows.map((row) => {
      const old = optionValues(row, before.length);
      return {
        row,
        values: body.attributes.map((attribute) => {
          if (attribute.was === undefined) return attribute.fill!;
          const value = old[attribute.was - 1]!;
          return attribute.renames?.find((r) => r.from === value)?.to ?? value;
        }),
      };
    });
    body.attributes.forEach((attribute, i) => {
      const unknown = new Map<string, number>();
      for (const { values } of next) if (!attribute.values.includes(values[i]!)) unknown.set(values[i]!, (unknown.get(values[i]!) ?? 0) + 1);
      const [value, n] = [...unknown][0] ?? [];
      if (value !== undefined) errors[`attributes.${i}.values`] = VARIANT_MESSAGES.valueInUse(value, n!);
    });
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
    if (new Set(next.map(({ values }) => combinationKey(values))).size < next.length) {
      throw badRequest(VARIANT_MESSAGES.wouldMerge, { attributes: VARIANT_MESSAGES.wouldMerge });
    }

    const now = nowIso();
    const attributes: Attribute[] = body.attributes.map((attribute) => ({ name: attribute.name, values: attribute.values, ...settingsAfter(attribute, before) }));
    await replaceAttributes(trx, productId, attributes);
    if (parent.kind !== 'variable') await setKind(trx, productId, 'variable', now);
    const stored = (values: readonly string[]) => [values[0] ?? null, values[1] ?? null, values[2] ?? null];
    const moved = next.filter(({ row, values }) => combinationKey(stored(values) as string[]) !== combinationKey([row.option1, row.option2, row.option3] as string[]));
    await writeVariations(
      trx,
      deps.dialect,
      productId,
      moved.map(({ row, values }) => ({ ...row, option1: values[0] ?? null, option2: values[1] ?? null, option3: values[2] ?? null })),
      now,
    );
  });
  return { message: VARIANT_MESSAGES.attributesSaved, ...(await getVariations(deps, productId)) };
}
