/** One advanced-filter row (SPEC §5: column, operator, value) as an SQL condition, by the column's type. */
import { sql, type Expression, type SqlBool } from 'kysely';
import { operatorMatchesUnset, type ParsedFilter } from '@bosun/shared';
import type { Dialect } from '../../../db/database.js';
import { COLUMN_SQL } from './columns.js';
import { containsText, equalsText, escapeLike, like, startsWithText } from './text-match.js';

/** Midnight of the server's local day, as the stored ISO UTC text. */
const localDayStart = (y: number, m: number, d: number) => new Date(y, m, d).toISOString();
function dayRange(isoDate: string): [string, string] {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return [localDayStart(y, m - 1, d), localDayStart(y, m - 1, d + 1)];
}

/** [from, to) of the relative date operators, in the server's time zone; weeks start on Monday. */
export function relativeRange(operator: string, now = new Date()): [string, string] {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  switch (operator) {
    case 'is_today':
      return [localDayStart(y, m, d), localDayStart(y, m, d + 1)];
    case 'is_yesterday':
      return [localDayStart(y, m, d - 1), localDayStart(y, m, d)];
    case 'is_this_week': {
      const monday = d - ((now.getDay() + 6) % 7);
      return [localDayStart(y, m, monday), localDayStart(y, m, monday + 7)];
    }
    case 'is_this_month':
      return [localDayStart(y, m, 1), localDayStart(y, m + 1, 1)];
    default:
      return [localDayStart(y, 0, 1), localDayStart(y + 1, 0, 1)];
  }
}

/**
 * One advanced-filter row as a condition. A product without a value (null) matches 'is not set'
 * and the negations (is_not, does_not_contain, not_between, ...) and no other operator, by the
 * shared rule operatorMatchesUnset, which the list's note beside the Stock operator also follows.
 */
export function advancedCondition(f: ParsedFilter, dialect: Dialect = 'sqlite', table: 'p' | 'v' = 'p'): Expression<SqlBool> {
  // `v`: the same condition on a variation's row (variation-level columns only, all of products p).
  const ref = sql.ref(table === 'p' ? COLUMN_SQL[f.column] : COLUMN_SQL[f.column].replace(/^p\./, 'v.'));
  if (f.operator === 'is_set') return sql<SqlBool>`${ref} is not null`;
  if (f.operator === 'is_not_set') return sql<SqlBool>`${ref} is null`;
  const condition = valueCondition(f, dialect, ref);
  // Otherwise a null value makes the condition null: the product is left out.
  return operatorMatchesUnset(f.operator) ? sql<SqlBool>`(${ref} is null or ${condition})` : condition;
}

/** The condition on a product that has a value (advancedCondition decides about null). */
function valueCondition(f: ParsedFilter, dialect: Dialect, ref: Expression<unknown>): Expression<SqlBool> {
  const v = f.value;
  if (f.type === 'text') {
    const text = String(v ?? '');
    switch (f.operator) {
      case 'is': case 'equal_to': return equalsText(dialect, f.column, text);
      case 'is_not': case 'not_equal_to': return sql<SqlBool>`lower(${ref}) <> ${text.toLowerCase()}`;
      case 'contains': return containsText(dialect, f.column, text);
      case 'does_not_contain': return sql<SqlBool>`not (${like(ref, `%${escapeLike(text)}%`)})`;
      case 'starts_with': return startsWithText(dialect, f.column, text);
      case 'ends_with': return like(ref, `%${escapeLike(text)}`);
      case 'is_empty': return sql<SqlBool>`${ref} = ''`;
      case 'is_not_empty': return sql<SqlBool>`${ref} <> ''`;
    }
  }
  if (f.type === 'number' || f.type === 'currency') {
    const [lo, hi] = [Math.min(Number(v), Number(f.value2 ?? v)), Math.max(Number(v), Number(f.value2 ?? v))];
    switch (f.operator) {
      case 'is': case 'equal_to': return sql<SqlBool>`${ref} = ${v}`;
      case 'is_not': case 'not_equal_to': return sql<SqlBool>`${ref} <> ${v}`;
      case 'greater_than': return sql<SqlBool>`${ref} > ${v}`;
      case 'less_than': return sql<SqlBool>`${ref} < ${v}`;
      case 'greater_than_or_equal': return sql<SqlBool>`${ref} >= ${v}`;
      case 'less_than_or_equal': return sql<SqlBool>`${ref} <= ${v}`;
      case 'between': return sql<SqlBool>`${ref} between ${lo} and ${hi}`;
      case 'not_between': return sql<SqlBool>`${ref} not between ${lo} and ${hi}`;
      case 'is_zero': return sql<SqlBool>`${ref} = 0`;
      case 'is_not_zero': return sql<SqlBool>`${ref} <> 0`;
      case 'is_positive': return sql<SqlBool>`${ref} > 0`;
      case 'is_negative': return sql<SqlBool>`${ref} < 0`;
    }
  }
  if (f.type === 'boolean') {
    // Booleans are stored as 0/1.
    const wanted = f.operator === 'is_true' ? 1 : f.operator === 'is_false' ? 0 : v ? 1 : 0;
    if (f.operator === 'is_not' || f.operator === 'not_equal_to') return sql<SqlBool>`${ref} <> ${wanted}`;
    return sql<SqlBool>`${ref} = ${wanted}`;
  }
  // Dates: stored as ISO UTC text, compared as text against local-day boundaries.
  const inRange = ([from, to]: [string, string]) => sql<SqlBool>`(${ref} >= ${from} and ${ref} < ${to})`;
  switch (f.operator) {
    case 'is_today': case 'is_yesterday': case 'is_this_week': case 'is_this_month': case 'is_this_year':
      return inRange(relativeRange(f.operator));
  }
  const [dayStart, dayEnd] = dayRange(String(v));
  switch (f.operator) {
    case 'is': case 'equal_to': return inRange([dayStart, dayEnd]);
    case 'is_not': case 'not_equal_to': return sql<SqlBool>`not ${inRange([dayStart, dayEnd])}`;
    case 'before': return sql<SqlBool>`${ref} < ${dayStart}`;
    case 'after': return sql<SqlBool>`${ref} >= ${dayEnd}`;
    case 'before_or_equal': return sql<SqlBool>`${ref} < ${dayEnd}`;
    case 'after_or_equal': return sql<SqlBool>`${ref} >= ${dayStart}`;
  }
  const [a, b] = [String(v), String(f.value2 ?? v)].sort() as [string, string];
  const range: [string, string] = [dayRange(a)[0], dayRange(b)[1]];
  return f.operator === 'between' ? inRange(range) : sql<SqlBool>`not ${inRange(range)}`;
}
