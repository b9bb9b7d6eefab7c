import { collectSubtreeIds, filterCategoryTree, type CategoryNode } from '@bosun/shared';
import { ActionIcon, Box, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ContentLoader } from '../../../components/ui/loaders';
import { plural } from '../../../lib/format';
import { Dialog } from '../../../components/ui/dialog';

/** Indent per level of the tree (SPEC §9). */
const INDENT_PX = 24;

interface CategoryPickerModalProps {
  opened: boolean;
  title: string;
  tree: CategoryNode[];
  loading?: boolean;
  errorMessage?: string;
  selectedIds: readonly number[];
  onApply: (ids: number[]) => void;
  onClose: () => void;
}

interface NodeProps {
  node: CategoryNode;
  depth: number;
  selected: ReadonlySet<number>;
  expandAll: boolean;
  expanded: ReadonlySet<number>;
  onToggleSelected: (id: number) => void;
  onToggleExpanded: (id: number) => void;
}

function CategoryTreeNode({ node, depth, selected, expandAll, expanded, onToggleSelected, onToggleExpanded }: NodeProps) {
  const children = node.subcategories ?? [];
  const open = expandAll || expanded.has(node.id);
  return (
    <li>
      <Group gap={4} wrap="nowrap" py={3} pl={depth * INDENT_PX}>
        {children.length > 0 ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
            aria-expanded={open}
            disabled={expandAll}
            onClick={() => onToggleExpanded(node.id)}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <Checkbox size="xs" label={node.name} checked={selected.has(node.id)} onChange={() => onToggleSelected(node.id)} />
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          L{node.level} · {plural(node.product_count, 'product')}
        </Text>
      </Group>
      {open && children.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {children.map((child) => (
            <CategoryTreeNode
              key={child.id}
              node={child}
              depth={depth + 1}
              selected={selected}
              expandAll={expandAll}
              expanded={expanded}
              onToggleSelected={onToggleSelected}
              onToggleExpanded={onToggleExpanded}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

function PickerBody({ title, tree, loading, errorMessage, selectedIds, onApply, onClose }: Omit<CategoryPickerModalProps, 'opened'>) {
  const [draft, setDraft] = useState<Set<number>>(() => new Set(selectedIds));
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const visible = filterCategoryTree(tree, query);
  const searching = query.trim() !== '';

  const toggle = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };

  return (
    <Stack gap="sm">
      <TextInput
        aria-label="Search categories"
        placeholder="Search categories…"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-autofocus
      />
      <Group gap="xs">
        {/* Select All takes what the search shows, subcategories included (SPEC §4 Category selection). */}
        <Button size="xs" variant="light" onClick={() => setDraft((current) => new Set([...current, ...collectSubtreeIds(visible)]))}>
          Select All
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setDraft(new Set())}>
          Clear All
        </Button>
      </Group>
      <Box mah={420} style={{ overflowY: 'auto' }} aria-label={title} role="region">
        {loading ? (
          <ContentLoader label="Loading categories" />
        ) : errorMessage ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage}
          </Text>
        ) : visible.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {searching ? 'No categories match the search' : 'No categories found'}
          </Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {visible.map((node) => (
              <CategoryTreeNode
                key={node.id}
                node={node}
                depth={0}
                selected={draft}
                expandAll={searching}
                expanded={expanded}
                onToggleSelected={(id) => setDraft((current) => toggle(current, id))}
                onToggleExpanded={(id) => setExpanded((current) => toggle(current, id))}
              />
            ))}
          </ul>
        )}
      </Box>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            onApply([...draft]);
            onClose();
          }}
        >
          Apply ({draft.size})
        </Button>
      </Group>
    </Stack>
  );
}

/** A searchable category tree with checkboxes; nothing changes until Apply. */
export function CategoryPickerModal({ opened, onClose, title, ...rest }: CategoryPickerModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="lg">
      {/* Mounted per opening, so each one starts from the filter as it is now. */}
      {opened && <PickerBody title={title} onClose={onClose} {...rest} />}
    </Dialog>
  );
}
