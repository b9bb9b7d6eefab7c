/**
 * WooCommerce's list cells (tags, an attribute's values; its category names too): values between
 * commas, a comma inside a value written '\,' and a backslash '\\'. The export joins by this and the
 * import splits by it, so every value comes back as it was; a backslash before any other character
 * is read as itself. No imports: the SQLite writer's worker thread may load this file.
 */
export const escapeListValue = (value: string) => value.replaceAll('\\', '\\\\').replaceAll(',', '\\,');

/** The cell of a list: ', ' between the escaped values. */
export const joinValueList = (values: readonly string[]) => values.map(escapeListValue).join(', ');

/**
 * One value written escaped (a variation's attribute value), read back; trimmed. An attribute's
 * default is not escaped at all: written and read plainly, as WooCommerce does (variant-cells.ts).
 */
export const unescapeListValue = (text: string) => text.replace(/\\([,\\])/g, '$1').trim();

/** A list cell's values, read back: trimmed, empty ones left out. */
export function splitValueList(text: string): string[] {
  const values: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && (text[i + 1] === ',' || text[i + 1] === '\\')) current += text[++i];
    else if (c === ',') {
      values.push(current);
      current = '';
    } else current += c;
  }
  values.push(current);
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

/**
 * A category cell (WooCommerce's Categories, Bosun's Category Path): paths between commas, each
 * path's names between '>'. A name is written as a list value ('\,' and '\\') with its '>' written
 * '\>' as well, so every name comes back whole, whatever it holds; as in a list, a backslash before
 * any other character is read as itself (WooCommerce escapes only commas: 'C:\new' stays so). The
 * export writes category paths with joinCategoryPath and the import reads them with
 * splitCategoryCell and readCategoryName: one rule both ways.
 */
export const escapeCategoryName = (name: string) => escapeListValue(name).replaceAll('>', '\\>');

/** A path's names as a cell's path: escaped, ' > ' between them. */
export const joinCategoryPath = (names: readonly string[]) => names.map(escapeCategoryName).join(' > ');

/** The characters a backslash escapes in a category cell. */
const CATEGORY_ESCAPED = new Set([',', '>', '\\']);

/**
 * A category cell cut at each separator (',' between paths, '>' between names) that is not
 * escaped. The parts keep their escapes, so a path is cut again at its '>' and each name read
 * with readCategoryName.
 */
export function splitCategoryCell(text: string, separator: ',' | '>'): string[] {
  if (!text.includes('\\')) return text.split(separator);
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && CATEGORY_ESCAPED.has(text[i + 1]!)) i += 1;
    else if (c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** One name of a path as written (splitCategoryCell's part), unescaped; not trimmed. */
export const readCategoryName = (text: string) => (text.includes('\\') ? text.replace(/\\([,>\\])/g, '$1') : text);
