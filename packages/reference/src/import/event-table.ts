import { compareRows } from '../dataset/order.js';
import { EVENT_ID_COLUMNS } from '../modules.js';
import { parseDelimited } from './delimited.js';
import { UNKNOWN_INSERT, capDescription, ossemTitle, repairTemplate, shortDescription, templateFields } from './message.js';
import { decodeProvenance, encodeProvenance, type DescSource } from './provenance.js';
import { compareReleases, releaseRank } from './releases.js';

/**
 * Stored columns: the spec's six, the template for Message rendering, provenance, and the upstream
 * message when its repair was incomplete (so a later import that brings the OSSEM field list can
 * still repair it; empty otherwise, which costs one shared string).
 */
export const EVENT_STORED_COLUMNS = [...EVENT_ID_COLUMNS, 'Template', 'Provenance', 'Unrepaired'] as const;
const SECURITY_PROVIDER = 'microsoft-windows-security-auditing';

interface MessageCandidate {
  text: string;
  task: string;
  /** releaseRank of the newest release the row was seen in. */
  rank: number;
  /** A stored template, repaired when it was first imported: never repaired twice. */
  stored?: boolean;
}

interface Entry {
  provider: string;
  id: number;
  /** null: upstream gave no event version (OSSEM's Sysmon 4.32 files give the schema version). */
  version: number | null;
  os: Set<string>;
  message?: MessageCandidate;
  ossem?: { fields: string[]; title: string };
  /** The stored row this entry was seeded from (ranks say how good its cells are). */
  stored?: { desc: string; descSource: DescSource; fields: string[] | undefined; row: string };
}

export interface EventImportCounts {
  sourceRows: number;
  skippedRows: number;
  /** Corrupted templates met, and how many of them the OSSEM field list repaired fully. */
  corruptTemplates: number;
  repairedTemplates: number;
}

/** A better candidate: a non-empty message first, then the newer release, then the earlier seen. */
function better(a: MessageCandidate, b: MessageCandidate | undefined): boolean {
  if (!b) return true;
  if (!!a.text !== !!b.text) return !!a.text;
  return a.rank > b.rank;
}

/**
 * Merges upstream event sources into one row per (provider, event id, version): releases unioned,
 * the newest message kept, Data Fields from OSSEM when it knows the event, else from the template's
 * own inserts, and a short description from the best source available (README quirks 1-6).
 */
export class EventTable {
  private readonly entries = new Map<string, Entry>();
  private readonly security = new Map<number, string>();
  readonly counts: EventImportCounts = { sourceRows: 0, skippedRows: 0, corruptTemplates: 0, repairedTemplates: 0 };

  private entry(provider: string, id: number, version: number | null): Entry {
    // Names with a hash suffix (Microsoft-Windows-NtfsLog_<32 hex>) are kept: the 14 NtfsLog ones
    // are distinct WPP providers whose ids overlap with different meanings, and stripping the
    // suffix would merge ~9,000 unrelated events.
    const name = provider.trim();
    const key = `${name.toLowerCase()}\0${id}\0${version}`;
    let e = this.entries.get(key);
    if (!e) this.entries.set(key, (e = { provider: name, id, version, os: new Set() }));
    return e;
  }

  seed(rows: readonly (readonly string[])[]): void {
    for (const row of rows) {
      const [id, os, version, provider, desc, fields, template, provenance, unrepaired] = row;
      const p = decodeProvenance(provenance ?? '');
      const e = this.entry(provider!, Number(id), version === '' ? null : Number(version));
      for (const r of os ? os.split('|') : []) e.os.add(r);
      if (template || p.template)
        e.message = unrepaired ? { text: unrepaired, task: '', rank: p.template } : { text: template ?? '', task: '', rank: p.template, stored: true };
      const list = fields ? fields.split('|') : [];
      e.stored = { desc: desc ?? '', descSource: p.desc, fields: p.fields === 'ossem' ? list : undefined, row: row.join('\t') };
    }
  }

  /** ETW rows: one build's provider CSV (`release` given) or the merged CSV with `OS Releases`. */
  addEtwCsv(text: string, release?: string): void {
    let width = 0;
    for (const row of parseDelimited(text)) {
      if (!width) {
        width = row.length;
        continue;
      }
      this.counts.sourceRows++;
      // 58 upstream rows have an unquoted comma inside Channel (column 5): join it back.
      const cells = row.length > width ? [...row.slice(0, 4), row.slice(4, 5 + row.length - width).join(','), ...row.slice(5 + row.length - width)] : row;
      const [provider, , rawId, rawVersion, , task = '', , , message = '', releases = release ?? ''] = cells;
      const id = Number(rawId);
      const version = Number(rawVersion);
      if (!provider || !Number.isInteger(id) || id < 0 || !Number.isInteger(version) || version < 0) {
        this.counts.skippedRows++;
        continue;
      }
      // Classic event ids carry qualifier bits (7045 is 0x40001B85); the displayed id is the low word.
      const e = this.entry(provider, id & 0xffff, version);
      const labels = releases.split('|').filter(Boolean);
      for (const r of labels) e.os.add(r);
      const candidate = { text: message.trim(), task: task.trim(), rank: Math.max(0, ...labels.map(releaseRank)) };
      if (better(candidate, e.message)) e.message = candidate;
    }
  }

  addOssemTsv(text: string): void {
    let index: Record<string, number> | undefined;
    for (const row of parseDelimited(text, '\t')) {
      if (!index) {
        index = Object.fromEntries(row.map((c, i) => [c, i]));
        continue;
      }
      const get = (c: string) => row[index![c]!] ?? '';
      const id = Number(get('event_id'));
      const rawVersion = Number(get('event_version') || 0);
      // A non-integer "version" (Sysmon 4.32) is a schema version: keep the event, version unknown.
      const version = Number.isInteger(rawVersion) ? rawVersion : null;
      if (!get('log_source') || !Number.isInteger(id)) {
        this.counts.skippedRows++;
        continue;
      }
      this.counts.sourceRows++;
      const e = this.entry(get('log_source'), id & 0xffff, version);
      const fields = get('field_names') ? get('field_names').split('|') : [];
      e.ossem = { fields, title: ossemTitle(get('name')) };
    }
  }

  addSecurityMessages(text: string): void {
    const map = JSON.parse(text) as Record<string, unknown>;
    for (const [id, message] of Object.entries(map)) {
      this.counts.sourceRows++;
      if (/^\d+$/.test(id) && typeof message === 'string' && message.trim()) this.security.set(Number(id), message.trim());
      else this.counts.skippedRows++;
    }
  }

  finish(): { columns: readonly string[]; rows: string[][]; added: number; updated: number } {
    const rows: string[][] = [];
    let added = 0;
    let updated = 0;
    for (const e of this.entries.values()) {
      const row = this.row(e);
      if (!e.stored) added++;
      else if (e.stored.row !== row.join('\t')) updated++;
      rows.push(row);
    }
    rows.sort((a, b) => compareRows('event_id', a, b));
    return { columns: EVENT_STORED_COLUMNS, rows, added, updated };
  }

  private row(e: Entry): string[] {
    const ordered = e.ossem?.fields ?? e.stored?.fields;
    const raw = e.message?.text ?? '';
    const template = e.message?.stored ? raw : repairTemplate(raw, ordered);
    const incomplete = template.includes(UNKNOWN_INSERT) && template !== raw;
    if (template !== raw) {
      this.counts.corruptTemplates++;
      if (!incomplete) this.counts.repairedTemplates++;
    }
    const fields = (ordered ?? templateFields(template)).map((f) => f.replaceAll('|', '/'));
    const [desc, descSource] = this.describe(e, template);
    const provenance = encodeProvenance({ desc: descSource, fields: ordered ? 'ossem' : 'template', template: e.message?.rank ?? 0 });
    return [
      String(e.id),
      [...e.os].sort(compareReleases).join('|'),
      e.version === null ? '' : String(e.version),
      e.provider,
      desc,
      fields.join('|'),
      template,
      provenance,
      incomplete ? raw : '',
    ];
  }

  /** README quirk 3: message's first sentence, else Security mapping, else OSSEM title, else Task. */
  private describe(e: Entry, template: string): [string, DescSource] {
    const stored = (source: DescSource) => (e.stored?.descSource === source ? e.stored.desc : '');
    const candidates: [string, DescSource][] = [
      [shortDescription(template), 'message'],
      [(e.provider.toLowerCase() === SECURITY_PROVIDER ? this.security.get(e.id) : undefined) ?? stored('security-messages'), 'security-messages'],
      [e.ossem?.title || stored('ossem-title'), 'ossem-title'],
      [e.message?.task || stored('task'), 'task'],
    ];
    for (const [text, source] of candidates) if (text) return [capDescription(text), source];
    return ['', 'none'];
  }
}
