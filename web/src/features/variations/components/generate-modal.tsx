import type { Attribute, GeneratePreview, GenerateVariationsBody } from '@bosun/shared';
import { Alert, Anchor, Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { NumericInput } from '../../../components/ui/numeric-input';
import { currencySymbol, formatCount, plural } from '../../../lib/format';
import { productNumberProblem } from '../../products';
import { useCurrency } from '../../settings';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-errors';
import { useGenerateVariations, usePreviewVariations } from '../api/generate-variations';
import { defaultSkuPattern } from '../model/attribute-draft';
import { PreviewTable } from './generate-preview';
import { Dialog } from '../../../components/ui/dialog';

interface GenerateModalProps {
  productId: number;
  attributes: readonly Attribute[];
  opened: boolean;
  onClose: () => void;
}

/** 'Generate variations': the values to combine, a SKU pattern, a starting price and stock; a preview, then Create. */
export function GenerateModal({ productId, attributes, opened, onClose }: GenerateModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Generate variations" size="xl">
      {opened && <GenerateForm productId={productId} attributes={attributes} onClose={onClose} />}
    </Dialog>
  );
}

type Fields = Record<string, string>;

/** The server names a chosen value `values.<i>.<j>`; the chooser shows it under attribute i. */
const messageOf = (fields: Fields, prefix: string) => Object.entries(fields).find(([key]) => key === prefix || key.startsWith(`${prefix}.`))?.[1];

function GenerateForm({ productId, attributes, onClose }: Omit<GenerateModalProps, 'opened'>) {
  const [chosen, setChosen] = useState<string[][]>(() => attributes.map((a) => [...a.values]));
  const [pattern, setPattern] = useState(() => defaultSkuPattern(attributes));
  const [price, setPrice] = useState<number | string>('');
  const [stock, setStock] = useState<number | string>(0);
  const currency = useCurrency();
  const [preview, setPreview] = useState<GeneratePreview | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const previewing = usePreviewVariations();
  const generating = useGenerateVariations();

  // Any change makes the preview stale: it must be asked again before Create.
  const changed = () => {
    setPreview(null);
    setFields({});
  };
  const choose = (i: number, values: string[]) => {
    setChosen(chosen.map((v, k) => (k === i ? values : v)));
    changed();
  };
  const body = (): Omit<GenerateVariationsBody, 'preview'> => ({
    // Chosen values keep the attribute's order, whatever order they were clicked in.
    values: chosen.map((values, i) => attributes[i]!.values.filter((v) => values.includes(v))),
    sku_pattern: pattern,
    // Text that is no number is sent as typed: the server's message says so, nothing is made of it.
    ...(price === '' ? {} : { list_price: price as number }),
    stock: stock === '' ? 0 : (stock as number),
  });
  const showError = (error: unknown, fallback: string) => {
    const serverFields = isApiError(error) ? ((error.details as { fields?: Fields } | undefined)?.fields ?? {}) : {};
    setFields(Object.keys(serverFields).length ? serverFields : { form: errorMessage(error, fallback) });
    notify.error(errorMessage(error, fallback));
  };

  const askPreview = async () => {
    setFields({});
    try {
      setPreview(await previewing.mutateAsync({ productId, body: body() }));
    } catch (error) {
      showError(error, 'The preview could not be made');
    }
  };
  const create = async () => {
    try {
      const result = await generating.mutateAsync({ productId, body: body() });
      notify.success(result.message);
      onClose();
    } catch (error) {
      showError(error, 'The variations could not be created');
    }
  };

  const problems = preview?.combinations.filter((c) => c.problem).length ?? 0;
  const creates = preview?.creates ?? 0;

  return (
    <Stack gap="md">
      {attributes.map((attribute, i) => (
        <Stack key={attribute.name} gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500} id={`generate-values-${i}`}>
              {attribute.name} ({chosen[i]!.length} of {attribute.values.length})
            </Text>
            <Group gap="xs">
              <Anchor component="button" type="button" size="xs" onClick={() => choose(i, [...attribute.values])}>
                All
              </Anchor>
              <Anchor component="button" type="button" size="xs" onClick={() => choose(i, [])}>
                None
              </Anchor>
            </Group>
          </Group>
          <Chip.Group
            multiple
            value={chosen[i]}
            onChange={(values) => choose(i, values)}
          >
            <Group gap={6} role="group" aria-labelledby={`generate-values-${i}`}>
              {attribute.values.map((value) => (
                <Chip key={value} value={value} size="xs">
                  {value}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {messageOf(fields, `values.${i}`) && (
            <Text size="xs" c="red">
              {messageOf(fields, `values.${i}`)}
            </Text>
          )}
        </Stack>
      ))}
      {fields.values && (
        <Text size="xs" c="red">
          {fields.values}
        </Text>
      )}
      <TextInput
        label="SKU pattern"
        description="{sku} is the product's SKU; {Name} an attribute's value, spaces removed"
        value={pattern}
        error={fields.sku_pattern}
        onChange={(event) => {
          setPattern(event.currentTarget.value);
          changed();
        }}
      />
      <Group grow align="flex-start">
        <NumericInput
          label="Starting list price"
          leftSection={currencySymbol(currency)}
          check={(value) => productNumberProblem('list_price', value)}
          value={price}
          error={fields.list_price}
          onChange={(value) => {
            setPrice(value);
            changed();
          }}
        />
        <NumericInput
          label="Starting stock"
          integer
          check={(value) => productNumberProblem('stock', value)}
          value={stock}
          error={fields.stock}
          onChange={(value) => {
            setStock(value);
            changed();
          }}
        />
      </Group>
      {fields.form && (
        <Alert color="red" variant="light">
          {fields.form}
        </Alert>
      )}
      {preview && (
        <Stack gap="xs" aria-label="Preview" component="section">
          <Text size="sm" fw={500}>
            {plural(preview.count, 'combination')}: {formatCount(preview.creates)} to create
            {preview.count > preview.creates ? `, ${formatCount(preview.count - preview.creates)} already ${preview.count - preview.creates === 1 ? 'exists and is' : 'exist and are'} skipped` : ''}
          </Text>
          {preview.warning && (
            <Alert color="yellow" variant="light" title="Many variations">
              {preview.warning}
            </Alert>
          )}
          {problems > 0 && (
            <Alert color="red" variant="light">
              {formatCount(problems)} of the combinations cannot be created as they are: change the SKU pattern or the values.
            </Alert>
          )}
          <PreviewTable preview={preview} attributes={attributes} chosen={body().values} />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {preview ? (
          <Button onClick={() => void create()} loading={generating.isPending} disabled={!creates || problems > 0}>
            Create {plural(creates, 'variation')}
          </Button>
        ) : (
          <Button onClick={() => void askPreview()} loading={previewing.isPending} disabled={chosen.some((v) => !v.length)}>
            Preview
          </Button>
        )}
      </Group>
    </Stack>
  );
}
