/** Applies the Windows mapping data: logsource → event sources, Sigma field → record field. */
import type { FieldBinding } from './field-item.js';
import { FIELD_MAPS, WINDOWS_CATEGORIES, WINDOWS_SYSTEM_FIELDS, WINDOWS_SERVICES, type FieldMap, type FieldRule } from './mapping/windows-sources.js';

export interface Logsource {
  product?: string;
  category?: string;
  service?: string;
}

/** One concrete place a rule reads: channels and event ids (undefined = any) plus field renames. */
export interface WindowsTarget {
  label: string;
  channels: readonly string[] | undefined;
  eventIds: readonly number[] | undefined;
  fieldMap: FieldMap | undefined;
}

export type WindowsResolution = { targets: WindowsTarget[] } | { notApplicable: string };

const lowerAll = (xs: readonly string[]) => xs.map((x) => x.toLowerCase());

export function resolveWindowsLogsource(ls: Logsource): WindowsResolution {
  const product = ls.product?.toLowerCase();
  const category = ls.category?.toLowerCase();
  const service = ls.service?.toLowerCase();
  if (product !== undefined && product !== 'windows') return { notApplicable: `logsource product '${ls.product}' is not a Windows event log` };
  if (category !== undefined) {
    const sources = WINDOWS_CATEGORIES[category];
    if (!sources) return { notApplicable: `no Windows event source is mapped for category '${ls.category}'` };
    const chosen = service === undefined ? sources : sources.filter((s) => s.service === service);
    if (chosen.length === 0) return { notApplicable: `category '${ls.category}' has no mapped source in service '${ls.service}'` };
    return {
      targets: chosen.map((s) => ({
        label: `${category} via ${s.service} ${s.eventIds.join('/')}`,
        channels: lowerAll(WINDOWS_SERVICES[s.service] ?? []),
        eventIds: s.eventIds,
        fieldMap: s.fieldMap === undefined ? undefined : FIELD_MAPS[s.fieldMap],
      })),
    };
  }
  if (service !== undefined) {
    const channels = WINDOWS_SERVICES[service];
    if (!channels) return { notApplicable: `no Windows channel is mapped for service '${ls.service}'` };
    return { targets: [{ label: `service ${service}`, channels: lowerAll(channels), eventIds: undefined, fieldMap: undefined }] };
  }
  if (product === undefined) return { notApplicable: 'logsource names no product, category or service' };
  return { targets: [{ label: 'any Windows channel', channels: undefined, eventIds: undefined, fieldMap: undefined }] };
}

/**
 * Prefix of the field a binding reads when the source lacks the Sigma field: no record has it,
 * so items on it never hold; the engine reports the rule as partial or not applicable there.
 */
export const UNAVAILABLE = '\u0000unavailable:';

/** Record field name under which a composite (joined) source field is exposed. */
export function compositeFieldName(parts: readonly string[], join: string): string {
  return `${parts.join('+')}@${join}`;
}

/** Composite fields the mapping data defines: name → parts and separator. */
export const COMPOSITE_FIELDS: ReadonlyMap<string, { parts: readonly string[]; join: string }> = new Map(
  Object.values(FIELD_MAPS).flatMap((m) =>
    Object.values(m.fields)
      .filter((r): r is FieldRule => typeof r === 'object' && Array.isArray(r.field))
      .map((r) => [compositeFieldName(r.field as string[], r.join ?? ''), { parts: r.field as string[], join: r.join ?? '' }] as const),
  ),
);

function translator(rule: FieldRule): FieldBinding['translate'] {
  const values = rule.values && new Map(Object.entries(rule.values).map(([k, v]) => [k.toLowerCase(), v]));
  const prefixes = rule.prefixes && Object.entries(rule.prefixes);
  if (!values && !prefixes && !rule.convert) return undefined;
  return (v) => {
    const hit = values?.get(v.toLowerCase());
    if (hit !== undefined) return hit;
    if (prefixes) for (const [from, to] of prefixes) if (v.toLowerCase().startsWith(from.toLowerCase())) return to + v.slice(from.length);
    if (rule.convert === 'decimal-to-hex' && /^\d+$/.test(v)) return '0x' + Number(v).toString(16);
    return v;
  };
}

/** Field binding for a target: identity for native sources, the renames of a field map otherwise. */
export function bindWindowsField(target: WindowsTarget, name: string): FieldBinding {
  const map = target.fieldMap;
  if (!map || WINDOWS_SYSTEM_FIELDS.includes(name)) return { field: name };
  const rule = map.fields[name];
  if (rule === undefined) return { field: map.passthrough ? name : UNAVAILABLE + name };
  if (typeof rule === 'string') return { field: rule };
  const field = Array.isArray(rule.field) ? compositeFieldName(rule.field, rule.join ?? '') : (rule.field as string);
  const translate = translator(rule);
  return translate ? { field, translate } : { field };
}
