import { MAX_CATEGORY_LEVEL, type CategoryNode } from '@bosun/shared';
import { IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { Hint } from '../../../components/ui/hint';
import classes from './category-rows.module.css';

/** What a category row can do; one stable object for the whole list, so rows re-render only when their own data changes. */
export interface CategoryRowActions {
  toggleSelected: (id: number) => void;
  toggleExpanded: (id: number) => void;
  /** Called as the name link is followed to the filtered products list. */
  announceNavigation: (node: CategoryNode) => void;
  viewProducts: (node: CategoryNode) => void;
  edit: (node: CategoryNode) => void;
  addSubcategory: (node: CategoryNode) => void;
  remove: (node: CategoryNode) => void;
}

export const canHaveSubcategories = (node: CategoryNode) => node.level < MAX_CATEGORY_LEVEL;

const DEPTH_LIMIT_HINT = `Level ${MAX_CATEGORY_LEVEL} is the deepest a category can be`;

type ButtonKind = 'view' | 'edit' | 'add' | 'delete';

/** The row buttons in the order a screen wants them: edit / add subcategory / delete by default. */
export const CategoryRowButtons = memo(function CategoryRowButtons({
  node,
  actions,
  order = ['edit', 'add', 'delete'],
}: {
  node: CategoryNode;
  actions: Pick<CategoryRowActions, 'edit' | 'addSubcategory' | 'remove'> & Partial<Pick<CategoryRowActions, 'viewProducts'>>;
  order?: readonly ButtonKind[];
}) {
  const roomBelow = canHaveSubcategories(node);
  const buttons: Record<ButtonKind, React.ReactNode> = {
    view: actions.viewProducts && (
      <Hint key="view" label="View products">
        <button type="button" className={classes.action} data-color="gray" aria-label={`View products in ${node.name}`} onClick={() => actions.viewProducts!(node)}>
          <IconExternalLink size={16} aria-hidden />
        </button>
      </Hint>
    ),
    edit: (
      <Hint key="edit" label="Edit">
        <button type="button" className={classes.action} aria-label={`Edit ${node.name}`} onClick={() => actions.edit(node)}>
          <IconPencil size={16} aria-hidden />
        </button>
      </Hint>
    ),
    add: (
      <Hint key="add" label={roomBelow ? 'Add subcategory' : DEPTH_LIMIT_HINT}>
        <button
          type="button"
          className={classes.action}
          data-color="teal"
          aria-label={`Add subcategory to ${node.name}`}
          // A disabled button takes no focus: its description says why to a screen reader.
          aria-description={roomBelow ? undefined : DEPTH_LIMIT_HINT}
          disabled={!roomBelow}
          onClick={() => actions.addSubcategory(node)}
        >
          <IconPlus size={16} aria-hidden />
        </button>
      </Hint>
    ),
    delete: (
      <Hint key="delete" label="Delete">
        <button type="button" className={classes.action} data-color="red" aria-label={`Delete ${node.name}`} onClick={() => actions.remove(node)}>
          <IconTrash size={16} aria-hidden />
        </button>
      </Hint>
    ),
  };
  return <span className={classes.actions}>{order.map((kind) => buttons[kind])}</span>;
});
