import { PRICE_ENDING_LABELS, PRICE_ENDINGS, PRICE_RULES_APPLY, PRICE_RULES_APPLY_LABELS, type ImportProfileFields } from '@bosun/shared';
import { ActionIcon, Alert, Box, Button, Card, Group, NativeSelect, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, get, useFieldArray, useFormState, useWatch, type Control, type FieldError } from 'react-hook-form';
import { FormNumericInput } from '../../../components/ui/numeric-input';
import { StoreCategoryPicker, useStorePathsOfIds } from '../../category-mapping';
import type { ProfileFormValues } from '../model/profile-form-values';
import { MAX_PRICE_RULES, newPriceRule, priceRuleExample } from '../model/price-rules-form-values';

type FormControl = Control<ProfileFormValues, unknown, ImportProfileFields>;

/**
 * The profile's price rules (issue 22): a list price from the vendor cost (× factor + amount),
 * rounded to an ending, never under the least margin; the first rule that fits a row's store
 * category and cost band decides. Each rule shows an example worked out by the import's own function.
 */
export function PriceRulesFields({ control }: { control: FormControl }) {
  const enabled = useWatch({ control, name: 'priceRules.enabled' });
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="priceRules.enabled"
        render={({ field }) => (
          <Switch label="Set list prices from the vendor cost" checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
        )}
      />
      {enabled && <PriceRulesEditor control={control} />}
    </Stack>
  );
}

function PriceRulesEditor({ control }: { control: FormControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceRules.rules' });
  const { errors } = useFormState({ control, name: 'priceRules.rules' });
  // Rules loaded with a store category carry its id only: its path comes from the server.
  const rules = useWatch({ control, name: 'priceRules.rules' });
  const unnamed = rules.flatMap((r) => (r.storeCategory && !r.storeCategory.path ? [r.storeCategory.id] : []));
  const paths = useStorePathsOfIds(unnamed);
  const pathOf = (id: number) => paths.data?.find((c) => c.id === id)?.path ?? (paths.isPending ? 'Loading…' : `Category #${id}`);
  const listError = (get(errors, 'priceRules.rules') as FieldError | undefined)?.message ?? (get(errors, 'priceRules.rules.root') as FieldError | undefined)?.message;

  return (
    <Stack gap="sm" pl={{ base: 0, sm: 'lg' }}>
      <Controller
        control={control}
        name="priceRules.applyTo"
        render={({ field }) => (
          <Radio.Group label="Apply the rules" value={field.value} onChange={field.onChange}>
            <Stack gap={6} mt={6}>
              {PRICE_RULES_APPLY.map((apply) => (
                <Radio key={apply} value={apply} label={PRICE_RULES_APPLY_LABELS[apply]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Controller
          control={control}
          name="priceRules.ending"
          render={({ field }) => (
            <NativeSelect
              label="Ending"
              description="The price is rounded up to it, so it never falls under the floor."
              data={PRICE_ENDINGS.map((ending) => ({ value: ending, label: PRICE_ENDING_LABELS[ending] }))}
              {...field}
              onChange={(event) => field.onChange(event.currentTarget.value)}
            />
          )}
        />
        <FormNumericInput control={control} name="priceRules.minMarginPercent" label="Least margin (%)" description="A ruled price is never under the cost plus this share (0: never under the cost)." />
      </SimpleGrid>
      <Text size="sm" fw={500}>
        Rules, first that fits a product decides
      </Text>
      {fields.map((item, index) => (
        <Card key={item.id} withBorder padding="sm" component="section" aria-label={`Price rule ${index + 1}`}>
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600}>
              Rule {index + 1}
            </Text>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove price rule ${index + 1}`} disabled={fields.length === 1} onClick={() => remove(index)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
            <FormNumericInput control={control} name={`priceRules.rules.${index}.factor`} label="Factor (× cost)" withAsterisk />
            <FormNumericInput control={control} name={`priceRules.rules.${index}.amount`} label="Amount (+)" />
            <FormNumericInput control={control} name={`priceRules.rules.${index}.costFrom`} label="Cost from" placeholder="Any" />
            <FormNumericInput control={control} name={`priceRules.rules.${index}.costTo`} label="Cost below" placeholder="Any" />
          </SimpleGrid>
          <Controller
            control={control}
            name={`priceRules.rules.${index}.storeCategory`}
            render={({ field }) => (
              <Box mt="xs">
                <StoreCategoryPicker
                label="Store category (and its subcategories)"
                required={false}
                placeholder="Any category: type words of a path to limit the rule"
                value={field.value && !field.value.path ? { id: field.value.id, path: pathOf(field.value.id) } : field.value}
                  onChange={field.onChange}
                />
              </Box>
            )}
          />
          <RuleExample control={control} index={index} />
        </Card>
      ))}
      {listError && <Alert color="red">{listError}</Alert>}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={fields.length >= MAX_PRICE_RULES} onClick={() => append(newPriceRule())}>
          Add price rule
        </Button>
        <Text size="xs" c="dimmed">
          {fields.length} of at most {MAX_PRICE_RULES}
        </Text>
      </Group>
    </Stack>
  );
}

/** The rule's live example line, worked out as the import will: 'Cost 10.00 → list 13.99'. */
function RuleExample({ control, index }: { control: FormControl; index: number }) {
  const [ending, minMarginPercent, rule] = useWatch({ control, name: ['priceRules.ending', 'priceRules.minMarginPercent', `priceRules.rules.${index}`] });
  const example = rule ? priceRuleExample({ ending, minMarginPercent }, rule) : null;
  return (
    <Text size="sm" mt={6} c={example ? undefined : 'dimmed'} aria-label={`Example of price rule ${index + 1}`}>
      {example ?? 'Example: enter the factor and amount as numbers.'}
    </Text>
  );
}
