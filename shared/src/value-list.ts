/**
 * WooCommerce's list cells (tags, an attribute's values; its category names too): values between
 * commas, a comma inside a value written '\,' and a backslash '\\'. The export joins by this and the
 * import splits by it, so every value comes back as it was; a backslash before any other character
 * is read as itself. No imports: the SQLite writer's worker thread may load this file.
 */
export const escapeListValue = (value: string) => value.replaceAll('\\', '\\\\').replaceAll(',', '\\,');

/** The cell of a list: ', ' between the escaped values. */
export const joinValueList = (values: readonly string[]) => values.map(escapeListValue).join(', ');

/** One value written escaped (a variation's attribute value, a default), read back; trimmed. */
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
