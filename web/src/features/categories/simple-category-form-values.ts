import { categoryBodySchema, type CategoryBody, type CategoryNode, type CategoryType } from '@bosun/shared';
import type { Resolver } from 'react-hook-form';
import { payloadResolver } from '../../lib/payload-resolver';

/** The simple tree screen's form: the type travels as `description`, the parent as a select's string. */
export interface SimpleCategoryFormValues {
  name: string;
  description: CategoryType;
  /** '' for 'No Parent (Root Category)'. */
  parent_id: string;
}

export type SimpleCategoryFormIntent =
  | { kind: 'create'; parent: CategoryNode | null }
  | { kind: 'edit'; category: CategoryNode };

export function simpleCategoryFormDefaults(intent: SimpleCategoryFormIntent): SimpleCategoryFormValues {
  if (intent.kind === 'edit') return { name: intent.category.name, description: intent.category.description, parent_id: '' };
  return { name: '', description: intent.parent?.type ?? 'store', parent_id: intent.parent ? String(intent.parent.id) : '' };
}

/**
 * Creating sends {name, description, parent_id}; editing sends {name, description} only, so the
 * category keeps its parent (this screen does not move categories).
 */
export function toSimpleCategoryBody(values: SimpleCategoryFormValues, intent: SimpleCategoryFormIntent): Record<string, unknown> {
  const body: Record<string, unknown> = { name: values.name, description: values.description };
  if (intent.kind === 'create') body.parent_id = values.parent_id === '' ? null : Number(values.parent_id);
  return body;
}

export const simpleCategoryFormResolver = (intent: SimpleCategoryFormIntent): Resolver<SimpleCategoryFormValues, unknown, CategoryBody> =>
  payloadResolver(categoryBodySchema, (values) => toSimpleCategoryBody(values, intent));
