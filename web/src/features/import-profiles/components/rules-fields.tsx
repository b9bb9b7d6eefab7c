import {
  MISSING_PRODUCT_ACTION_LABELS,
  MISSING_PRODUCT_ACTIONS,
  PROFILE_UPDATE_FIELDS,
  STOCK_AND_PRICE_FIELDS,
  type EmptyCellRule,
  type ImportProfileRules,
  type MissingProductAction,
  type ProfileUpdateField,
} from '@bosun/shared';
import { Button, Checkbox, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';

/** The rules of a run or a profile as the form holds them: the update mode beside the profile's rules. */
export interface RulesValue {
  updateExisting: boolean;
  rules: ImportProfileRules;
}

interface Props {
  value: RulesValue;
  onChange: (value: RulesValue) => void;
  /** The wizard's 'This file is the vendor's full list' (a run's, not a profile's); absent on the profile form. */
  fullList?: { checked: boolean; onChange: (on: boolean) => void };
  disabled?: boolean;
}

const ACTION_OPTIONS = MISSING_PRODUCT_ACTIONS.map((action) => ({ value: action, label: MISSING_PRODUCT_ACTION_LABELS[action] }));

/** Whether the checklist is exactly the 'Stock and prices only' preset. */
export const isStockAndPriceOnly = (fields: readonly string[] | null) =>
  fields !== null && fields.length === STOCK_AND_PRICE_FIELDS.length && STOCK_AND_PRICE_FIELDS.every((f) => fields.includes(f));

/**
 * The feed rules (issue 22): whether existing products are updated and with which fields, whether
 * new ones are created, what an empty cell does, and what becomes of the vendor's products a full
 * list does not name. The wizard and the profile form share it.
 */
export function RulesFields({ value, onChange, fullList, disabled = false }: Props) {
  const { rules } = value;
  const setRules = (change: Partial<ImportProfileRules>) => onChange({ ...value, rules: { ...rules, ...change } });
  const missingShown = fullList ? fullList.checked : true;

  return (
    <Stack gap="sm">
      <Switch
        label="Update existing products (update mode): products whose SKU already exists take the file's values; otherwise they are skipped"
        checked={value.updateExisting}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, updateExisting: event.currentTarget.checked })}
      />
      {value.updateExisting && (
        <Stack gap={6} pl={{ base: 0, sm: 'lg' }}>
          <Radio.Group
            label="Update only these fields"
            description="What an existing product takes from the file; the other mapped columns are used only for new products."
            value={rules.updateFields === null ? 'all' : 'some'}
            onChange={(choice) => setRules({ updateFields: choice === 'all' ? null : [...STOCK_AND_PRICE_FIELDS] })}
          >
            <Group gap="lg" mt={6}>
              <Radio value="all" label="All mapped fields" disabled={disabled} />
              <Radio value="some" label="Only the fields checked" disabled={disabled} />
            </Group>
          </Radio.Group>
          {rules.updateFields !== null && (
            <>
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant={isStockAndPriceOnly(rules.updateFields) ? 'filled' : 'light'}
                  disabled={disabled}
                  onClick={() => setRules({ updateFields: [...STOCK_AND_PRICE_FIELDS] })}
                >
                  Stock and prices only
                </Button>
                <Text size="xs" c={rules.updateFields.length === 0 ? 'orange.8' : 'dimmed'}>
                  {rules.updateFields.length === 0 ? 'No field checked: existing products keep every value.' : `${rules.updateFields.length} checked`}
                </Text>
              </Group>
              <Checkbox.Group
                aria-label="Fields an existing product takes from the file"
                value={rules.updateFields}
                onChange={(fields) => setRules({ updateFields: fields as ProfileUpdateField[] })}
              >
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={6}>
                  {PROFILE_UPDATE_FIELDS.map((field) => (
                    <Checkbox key={field.key} value={field.key} label={field.label} disabled={disabled} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            </>
          )}
        </Stack>
      )}
      <Switch
        label="Create new products (SKUs not in the shop yet)"
        checked={rules.createNew}
        disabled={disabled}
        onChange={(event) => setRules({ createNew: event.currentTarget.checked })}
      />
      <Radio.Group label="Empty cells" value={rules.emptyCells} onChange={(choice) => setRules({ emptyCells: choice as EmptyCellRule })}>
        <Group gap="lg" mt={6}>
          <Radio value="keep" label="An empty cell keeps the current value" disabled={disabled} />
          <Radio value="clear" label="An empty cell clears it" disabled={disabled} />
        </Group>
      </Radio.Group>
      {fullList && (
        <Switch
          label="This file is the vendor's full list (the vendor's products it does not name are missing from the feed)"
          checked={fullList.checked}
          disabled={disabled}
          onChange={(event) => fullList.onChange(event.currentTarget.checked)}
        />
      )}
      {missingShown && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" pl={fullList ? { base: 0, sm: 'lg' } : 0}>
          <NativeSelect
            label="Products missing from the file"
            description={fullList ? undefined : "Only when a run is marked as the vendor's full list."}
            data={ACTION_OPTIONS}
            value={rules.missing.action}
            disabled={disabled}
            onChange={(event) => setRules({ missing: { ...rules.missing, action: event.currentTarget.value as MissingProductAction } })}
          />
          <NumberInput
            label="Largest share without confirmation"
            description="Above it, the import asks staff to confirm: a truncated feed must not empty a shop."
            suffix="%"
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            value={rules.missing.maxPercent}
            disabled={disabled || rules.missing.action === 'leave'}
            onChange={(share) => setRules({ missing: { ...rules.missing, maxPercent: typeof share === 'number' ? share : 0 } })}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
