/**
 * Upstream message templates name their inserts `{FieldName}` (the manifest's `%1..%N`, replaced
 * by the upstream converter). That replacement was plain string substitution, so `%10..%19` came
 * out as `{<field 1>}0..9` (and `%2x` as `{<field 2>}x`). These helpers undo what can be undone.
 */

/** Any `{Name}` insert; names may hold spaces and punctuation (WPP: `A11_(PVOID)TxfRmcb`). */
const INSERT = /\{([^{}]+)\}/g;
/** An insert followed by a digit: a corrupted `%NN`. */
const CORRUPT = /\{([^{}]+)\}(\d)/g;

/** Marks an insert whose field cannot be known (corrupted, and no field list to repair from). */
export const UNKNOWN_INSERT = '{?}';

export function isCorrupt(message: string): boolean {
  return /\{[^{}]+\}\d/.test(message);
}

/**
 * Repairs corrupted inserts with the event's ordered field list (OSSEM: the manifest template's
 * data items, `%k` = fields[k-1]): `{fields[k-1]}d` is `%(10k+d)`. Without a list, or when the
 * number is out of its range, the insert becomes `{?}` rather than name a wrong field (4624 v2's
 * `{SubjectUserName}2` is RestrictedAdminMode, not SubjectUserName).
 */
export function repairTemplate(message: string, fields: readonly string[] | undefined): string {
  if (!isCorrupt(message)) return message;
  return message.replace(CORRUPT, (_all, name: string, digit: string) => {
    const k = fields ? fields.indexOf(name) + 1 : 0;
    const n = k * 10 + Number(digit);
    return k > 0 && n <= fields!.length ? `{${fields![n - 1]}}` : UNKNOWN_INSERT;
  });
}

/** Field names from a template's inserts, in order of first use, leaving out corrupted ones. */
export function templateFields(message: string): string[] {
  const out = new Set<string>();
  for (const m of message.matchAll(INSERT)) {
    const next = message.charCodeAt(m.index + m[0].length);
    if (next >= 48 && next <= 57) continue;
    if (m[1] !== '?') out.add(m[1]!);
  }
  return [...out];
}

const MAX_DESCRIPTION = 160;
// Upstream removed newlines, so a sentence may run straight into the next: "logged on.Subject:".
const SENTENCE_END = /[.!?](?=\s|$|[A-Z])|\t/;

/**
 * The first sentence of a message (up to a sentence end or a tab), capped at a word boundary.
 * Empty when what is left is mostly inserts ("{Caption} : {Message}"), so a better source is used.
 */
export function shortDescription(message: string): string {
  const end = message.search(SENTENCE_END);
  const text = capDescription(end < 0 ? message : message.slice(0, end + (message[end] === '\t' ? 0 : 1)));
  const letters = text.replace(INSERT, '').replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 ? text : '';
}

/** Trims and caps a description at a word boundary (titles and task names are kept whole otherwise). */
export function capDescription(text: string): string {
  const t = text.trim();
  if (t.length <= MAX_DESCRIPTION) return t;
  const cut = t.lastIndexOf(' ', MAX_DESCRIPTION - 1);
  return `${t.slice(0, cut > 40 ? cut : MAX_DESCRIPTION - 1)}…`;
}

/**
 * An OSSEM event title as a description: "Event ID 4624: An account was successfully logged on"
 * -> the text; generated ones ("Event 14 - JobTerminate", "Event ID 16 - ...") -> the part after
 * the dash, except the meaningless "task_0".
 */
export function ossemTitle(name: string): string {
  const m = /^Event(?: ID)? \d+\s*[:-]\s*(.+)$/i.exec(name.trim());
  const title = m ? m[1]!.trim() : name.trim();
  return /^task_\d+$/i.test(title) ? '' : title;
}
