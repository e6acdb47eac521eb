/**
 * Where an event row's derived cells came from, kept in the dataset's hidden Provenance column so
 * a later import can tell a better source from a worse one (an OSSEM field list beats one read
 * off the template; a newer release's message beats an older one's) and re-importing the same
 * upstream changes nothing.
 */
export const DESC_SOURCES = ['message', 'security-messages', 'ossem-title', 'task', 'none'] as const;
export type DescSource = (typeof DESC_SOURCES)[number];
export type FieldsSource = 'ossem' | 'template';

export interface Provenance {
  desc: DescSource;
  fields: FieldsSource;
  /** releaseRank of the newest release the template was seen in; 0 when there is none. */
  template: number;
}

export function encodeProvenance(p: Provenance): string {
  return `${p.desc};${p.fields};${p.template}`;
}

export function decodeProvenance(text: string): Provenance {
  const [desc, fields, template] = text.split(';');
  return {
    desc: (DESC_SOURCES as readonly string[]).includes(desc ?? '') ? (desc as DescSource) : 'none',
    fields: fields === 'ossem' ? 'ossem' : 'template',
    template: Number(template) || 0,
  };
}
