import {
  activeFilterRows,
  FILTER_COLUMNS,
  operatorNeedsTwoValues,
  operatorNeedsValue,
  operatorsFor,
  type AdvancedFilterRow,
  type FilterColumn,
  type FilterColumnType,
} from '@bosun/shared';

/** A row of the advanced filters panel while it is being edited. */
export interface FilterRowDraft extends AdvancedFilterRow {
  id: string;
  column: string;
  operator: string;
  value: string;
  value2: string;
}

let nextRowId = 0;
export const newFilterRow = (): FilterRowDraft => ({ id: `filter-${++nextRowId}`, column: '', operator: '', value: '', value2: '' });

export const columnType = (column: string): FilterColumnType | undefined =>
  Object.hasOwn(FILTER_COLUMNS, column) ? FILTER_COLUMNS[column as FilterColumn].type : undefined;

/**
 * The same row after its column changed: an operator that still fits the new column's type is kept,
 * values are kept only when the type is the same (a date means nothing to a price).
 */
export function withColumn(row: FilterRowDraft, column: string): FilterRowDraft {
  const sameType = columnType(row.column) === columnType(column);
  const operator = operatorsFor(column).includes(row.operator) ? row.operator : '';
  return { ...row, column, operator, value: sameType ? row.value : '', value2: sameType ? row.value2 : '' };
}

export function withOperator(row: FilterRowDraft, operator: string): FilterRowDraft {
  return {
    ...row,
    operator,
    value: operatorNeedsValue(operator) ? row.value : '',
    value2: operatorNeedsTwoValues(operator) ? row.value2 : '',
  };
}

const filled = (value: string) => value.trim() !== '';

/**
 * The rows that filter the list: a column and an operator (SPEC §5, `activeFilterRows`) and every
 * value that operator needs. A row still waiting for its value is not sent, so the server is never
 * asked a question it must refuse.
 */
export function appliedFilterRows(rows: readonly FilterRowDraft[]): FilterRowDraft[] {
  return activeFilterRows(rows).filter((row) => {
    if (!operatorNeedsValue(row.operator)) return true;
    if (!filled(row.value)) return false;
    return !operatorNeedsTwoValues(row.operator) || filled(row.value2);
  });
}

/** The `advanced_filters` query parameter, or undefined when no row applies. */
export function serializeFilterRows(rows: readonly FilterRowDraft[]): string | undefined {
  const applied = appliedFilterRows(rows);
  if (applied.length === 0) return undefined;
  return JSON.stringify(
    applied.map(({ column, operator, value, value2 }) => ({
      column,
      operator,
      ...(operatorNeedsValue(operator) ? { value: value.trim() } : {}),
      ...(operatorNeedsTwoValues(operator) ? { value2: value2.trim() } : {}),
    })),
  );
}
