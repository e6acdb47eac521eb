import type { JsonObject, JsonValue } from './render/json.js';

/**
 * Flattens an event into dotted paths -> string values for rule engines, e.g.
 * `Event.System.EventID` -> "4624", `Event.EventData.TargetUserName` -> "bob".
 * `#attributes` members become plain path segments (`Event.System.Provider.Name`), `#text`
 * maps to its parent's path, arrays are indexed (`.0`, `.1`) and null becomes "".
 */
export function flattenEvent(event: JsonObject): Record<string, string> {
  const out: Record<string, string> = {};
  walk(event, '', out);
  return out;
}

function walk(v: JsonValue, path: string, out: Record<string, string>): void {
  if (v === null) {
    out[path] = '';
  } else if (Array.isArray(v)) {
    v.forEach((item, i) => walk(item, `${path}.${i}`, out));
    out[path] = v.map((x) => (x === null || typeof x === 'object' ? '' : String(x))).join(',');
  } else if (typeof v === 'object') {
    for (const [k, child] of Object.entries(v)) {
      if (k === '#attributes' || k === '#text') walk(child, path, out);
      else walk(child, path ? `${path}.${k}` : k, out);
    }
  } else {
    out[path] = String(v);
  }
}
