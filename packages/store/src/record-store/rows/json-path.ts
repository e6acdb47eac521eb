/**
 * A JSON path naming one member, for json_extract. SQLite's path syntax has no escape for `"`, so
 * names holding one (or a control character) cannot be addressed and count as unknown fields.
 */
export function memberPath(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (name === '' || /["\u0000-\u001f]/.test(name)) return undefined;
  return `$."${name}"`;
}

/** A list field's alternatives: the displayed text, then each item on its own. */
export function alternatives(display: string, items: readonly string[]): string {
  return JSON.stringify(items.length === 1 && items[0] === display ? [display] : [display, ...items]);
}
