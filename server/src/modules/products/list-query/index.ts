// What the rest of the products module and the export read of the list's query planning.
export { COLUMN_SQL, SORT_SQL, productsJoinedFor, type JoinedName, type ProductExpressions, type ProductQueryDB } from './columns.js';
export { categorySubtreeIds, filterColumns, filterConditions, listedOnly, type ConditionOptions } from './conditions.js';
export { planProductList, type ProductListPlan } from './plan.js';
export { ownMatches, searchIds, variationOnlyMatches } from './search.js';
export { escapeLike } from './text-match.js';
export { shortSearchCandidates, type ShortSearch } from './short-search.js';
