import { MAX_ATTRIBUTES, putAttributesBodySchema, type StoredAttribute } from '@bosun/shared';
import { ActionIcon, Alert, Button, Card, Group, NativeSelect, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, useId, useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-errors';
import { usePutAttributes } from '../api/put-attributes';
import {
  addAttribute,
  addValues,
  attributeMessages,
  attributesChanged,
  canAddAttribute,
  draftsFromAttributes,
  moveAttribute,
  moveValue,
  removeAttribute,
  removeValue,
  renameValue,
  toAttributesBody,
  updateAttribute,
  type AttributeDraft,
} from '../model/attribute-draft';
import { ValueChip } from './value-chip';
import { plural } from '../../../lib/format';

interface AttributesEditorProps {
  productId: number;
  attributes: readonly StoredAttribute[];
  variationCount: number;
}

/**
 * The product's attributes and their values as chips: added, renamed, moved and removed here, then
 * saved in one request that tells the server what was renamed or moved, so variations keep their values.
 */
// Memoised: a save of the grid gives new variations but the same attributes, and need not redraw their chips.
export const AttributesEditor = memo(function AttributesEditor({ productId, attributes, variationCount }: AttributesEditorProps) {
  const [drafts, setDrafts] = useState<AttributeDraft[]>(() => draftsFromAttributes(attributes));
  const [messages, setMessages] = useState<Record<string, string>>({});
  const save = usePutAttributes();
  const changed = attributesChanged(drafts, attributes);
  const hasVariations = variationCount > 0;

  const edit = (next: AttributeDraft[]) => {
    setDrafts(next);
    setMessages({});
  };

  const submit = async () => {
    const body = toAttributesBody(drafts, hasVariations);
    const checked = putAttributesBodySchema.safeParse(body);
    const missingFill = hasVariations ? drafts.filter((d) => d.was === undefined && !d.fill) : [];
    if (!checked.success || missingFill.length) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
      for (const d of missingFill) fields[`attributes.${drafts.indexOf(d)}.fill`] ??= `Choose the value the ${plural(variationCount, 'variation')} take`;
      setMessages(attributeMessages(fields, drafts));
      return;
    }
    try {
      const { message } = await save.mutateAsync({ productId, body: checked.data });
      notify.success(message);
    } catch (error) {
      const fields = isApiError(error) ? ((error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};
      const shown = attributeMessages(fields, drafts);
      setMessages(Object.keys(shown).length ? shown : { form: errorMessage(error, 'The attributes could not be saved') });
      notify.error(errorMessage(error, 'The attributes could not be saved'));
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-label="Attributes">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Attributes
          </Title>
          <Text size="sm" c="dimmed">
            Up to {MAX_ATTRIBUTES}, such as Diameter and Length. Click a value to rename, move or remove it.
          </Text>
        </div>
        {messages.form && (
          <Alert color="red" variant="light" role="alert">
            {messages.form}
          </Alert>
        )}
        {drafts.map((draft, i) => (
          <AttributeCard
            key={draft.key}
            draft={draft}
            index={i}
            count={drafts.length}
            variationCount={variationCount}
            messages={messages}
            onChange={edit}
            drafts={drafts}
          />
        ))}
        {!drafts.length && <Text size="sm">No attributes yet: add one to start making variations.</Text>}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconPlus size={16} />} disabled={!canAddAttribute(drafts)} onClick={() => edit(addAttribute(drafts, ''))}>
            Add attribute
          </Button>
          <Group gap="xs">
            <Button variant="default" disabled={!changed || save.isPending} onClick={() => edit(draftsFromAttributes(attributes))}>
              Reset
            </Button>
            <Button onClick={() => void submit()} disabled={!changed} loading={save.isPending}>
              Save attributes
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
});

interface AttributeCardProps {
  draft: AttributeDraft;
  drafts: AttributeDraft[];
  index: number;
  count: number;
  variationCount: number;
  messages: Record<string, string>;
  onChange: (drafts: AttributeDraft[]) => void;
}

function AttributeCard({ draft, drafts, index, count, variationCount, messages, onChange }: AttributeCardProps) {
  const [typed, setTyped] = useState('');
  const globalHelpId = useId();
  const label = draft.name.trim() || `Attribute ${index + 1}`;
  const add = () => {
    if (!typed.trim()) return;
    onChange(addValues(drafts, draft.key, typed));
    setTyped('');
  };
  return (
    <Card withBorder padding="sm" radius="sm" component="fieldset" aria-label={`Attribute ${index + 1}`} style={{ margin: 0 }}>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Attribute ${index + 1} name`}
            placeholder="Diameter"
            value={draft.name}
            error={messages[`${draft.key}.name`]}
            onChange={(event) => onChange(updateAttribute(drafts, draft.key, { name: event.currentTarget.value }))}
          />
          <Tooltip label="Move up">
            <ActionIcon variant="default" size="lg" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onChange(moveAttribute(drafts, draft.key, -1))}>
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="default" size="lg" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onChange(moveAttribute(drafts, draft.key, 1))}>
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove attribute">
            <ActionIcon variant="light" color="red" size="lg" aria-label={`Remove ${label}`} onClick={() => onChange(removeAttribute(drafts, draft.key))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={6} role="list" aria-label={`Values of ${label}`}>
          {draft.values.map((value, j) => (
            <ValueChip
              key={value.key}
              text={value.text}
              first={j === 0}
              last={j === draft.values.length - 1}
              onRename={(text) => onChange(renameValue(drafts, draft.key, value.key, text))}
              onMove={(by) => onChange(moveValue(drafts, draft.key, value.key, by))}
              onRemove={() => onChange(removeValue(drafts, draft.key, value.key))}
            />
          ))}
        </Group>
        {messages[`${draft.key}.values`] && (
          <Text size="xs" c="red" role="alert">
            {messages[`${draft.key}.values`]}
          </Text>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Add values to ${label}`}
            placeholder="8 mm, 10 mm (Enter to add)"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="default" onClick={add} disabled={!typed.trim()}>
            Add
          </Button>
        </Group>
        {/* WooCommerce's storefront settings, kept through import and export. */}
        <Group gap="md" align="flex-end">
          <NativeSelect
            style={{ flex: '1 1 12rem' }}
            label={`Default of ${label}`}
            description="Preselected on the product page"
            data={[{ value: '', label: 'No default' }, ...draft.values.filter((v) => v.text.trim()).map((v) => ({ value: v.key, label: v.text.trim() }))]}
            value={draft.defaultKey ?? ''}
            error={messages[`${draft.key}.default_value`]}
            onChange={(event) => onChange(updateAttribute(drafts, draft.key, { defaultKey: event.currentTarget.value || null }))}
          />
          <Switch
            label="Visible on the product page"
            checked={draft.visible}
            error={messages[`${draft.key}.visible`]}
            onChange={(event) => onChange(updateAttribute(drafts, draft.key, { visible: event.currentTarget.checked }))}
            mb={6}
          />
        </Group>
        {/* The help is the switch's description, not part of its name. */}
        <Stack gap={4}>
          <Switch
            label="Global attribute"
            aria-describedby={globalHelpId}
            checked={draft.global}
            error={messages[`${draft.key}.global`]}
            onChange={(event) => onChange(updateAttribute(drafts, draft.key, { global: event.currentTarget.checked }))}
          />
          <Text id={globalHelpId} size="xs" c="dimmed">
            In a WooCommerce export: one of the shop's global attributes, a shop-wide taxonomy its products share. Off: this product's own attribute.
          </Text>
        </Stack>
        {draft.was === undefined && variationCount > 0 && (
          <NativeSelect
            label={`Value the ${variationCount} existing variations take`}
            data={[{ value: '', label: 'Choose a value' }, ...draft.values.map((v) => ({ value: v.text.trim(), label: v.text.trim() }))]}
            value={draft.fill}
            error={messages[`${draft.key}.fill`]}
            onChange={(event) => onChange(updateAttribute(drafts, draft.key, { fill: event.currentTarget.value }))}
          />
        )}
      </Stack>
    </Card>
  );
}
