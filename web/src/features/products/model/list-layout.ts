import { clampColumnWidth, defaultColumnWidth } from './product-columns';

/**
 * The products table's geometry. Every row has the same height (two lines of text, or the name and
 * its variation badge, beside a thumbnail), so the virtualiser needs no measuring.
 */
export const ROW_HEIGHT = 48;
export const SELECT_COLUMN_WIDTH = 40;
/** A 36 px thumbnail with 6 px either side. */
export const THUMBNAIL_SIZE = 36;
export const THUMBNAIL_COLUMN_WIDTH = THUMBNAIL_SIZE + 12;
/**
 * The four row actions. With a mouse they show over the row's right end on hover and take no
 * column; on a touch screen (no hover) they always show, so there they get this column.
 */
export const ACTIONS_COLUMN_WIDTH = 140;

/** The column whose width gives way: it takes the room the others leave, never less than its default. */
export const FILL_COLUMN = 'name';

/** The width of everything in a row but the chosen columns. */
export const fixedColumnsWidth = (actionsTakeColumn: boolean) =>
  SELECT_COLUMN_WIDTH + THUMBNAIL_COLUMN_WIDTH + (actionsTakeColumn ? ACTIONS_COLUMN_WIDTH : 0);

/**
 * Each shown column's width: the user's own, else its default; the name column, while the user has
 * not sized it, grows into whatever room the box of `availableWidth` has left (0: not measured yet).
 */
export function columnWidths(
  visibleColumns: readonly string[],
  userWidths: Readonly<Record<string, number>>,
  availableWidth: number,
  actionsTakeColumn: boolean,
): Record<string, number> {
  const widths = Object.fromEntries(visibleColumns.map((id) => [id, userWidths[id] ?? defaultColumnWidth(id)]));
  if (visibleColumns.includes(FILL_COLUMN) && userWidths[FILL_COLUMN] === undefined) {
    const others = visibleColumns.reduce((sum, id) => (id === FILL_COLUMN ? sum : sum + widths[id]!), 0);
    widths[FILL_COLUMN] = clampColumnWidth(Math.max(widths[FILL_COLUMN]!, availableWidth - fixedColumnsWidth(actionsTakeColumn) - others));
  }
  return widths;
}
