/**
 * How droppers hide a link's command line (S2 obfuscation, S3 padding): patterns from published
 * malicious-LNK write-ups (encoded PowerShell, cmd caret and PowerShell backtick escapes, char-code
 * assembly, %VAR:~x,y% substrings) and from the Properties dialog, whose Target field shows at most
 * 260 characters.
 */

/** The Target field of a link's Properties dialog shows this many characters; the rest stays out of sight. */
export const VISIBLE_TARGET_CHARS = 260;
/** A run of blanks this long only serves to push the command out of the visible field. */
const PADDING_RUN = 20;

/** A switch and a base64-looking argument; PowerShell takes any prefix of -EncodedCommand, and -ec. */
const SWITCH_AND_BASE64 = /(?:^|\s)[-/]([a-z]+)\s+["']?([a-z0-9+/]{20,}={0,2})/gi;
const isEncodedSwitch = (name: string): boolean => {
  const n = name.toLowerCase();
  return n === 'ec' || 'encodedcommand'.startsWith(n);
};

/** The base64 argument of an encoded-command switch, or null. */
function encodedArgument(args: string): string | null {
  for (const m of args.matchAll(SWITCH_AND_BASE64)) if (isEncodedSwitch(m[1]!)) return m[2]!;
  return null;
}
const LONG_BASE64 = /[A-Za-z0-9+/]{100,}={0,2}/;
const CARETS = /\w\^(?=\w)/g;
const BACKTICKS = /\w`(?=\w)/g;
const CHAR_CODES = /\[char\]\s*(?:0x[0-9a-f]+|\d+)|\bString\.fromCharCode\b|\bchr\s*\(\s*\d+\s*\)|-join\s*\(?\s*\[char/i;
const ENV_SUBSTRING = /%[a-z_][a-z0-9_]*:~-?\d+(?:,-?\d+)?%/i;

export interface ArgumentTrick {
  kind: 'encoded' | 'obfuscated' | 'padded' | 'overlong';
  detail: string;
}

const count = (s: string, re: RegExp): number => s.match(re)?.length ?? 0;

/** The longest run of whitespace in the text. */
function longestBlankRun(s: string): number {
  let best = 0;
  for (const m of s.matchAll(/\s+/g)) best = Math.max(best, m[0].length);
  return best;
}

/** Every hiding trick the arguments show. */
export function argumentTricks(args: string): ArgumentTrick[] {
  if (!args) return [];
  const out: ArgumentTrick[] = [];
  const encoded = encodedArgument(args);
  if (encoded) out.push({ kind: 'encoded', detail: `encoded command (${encoded.length} base64 characters)` });
  else if (LONG_BASE64.test(args)) out.push({ kind: 'encoded', detail: 'long base64 blob' });
  if (count(args, CARETS) >= 2) out.push({ kind: 'obfuscated', detail: 'caret escapes (^)' });
  if (count(args, BACKTICKS) >= 2) out.push({ kind: 'obfuscated', detail: 'backtick escapes (`)' });
  if (CHAR_CODES.test(args)) out.push({ kind: 'obfuscated', detail: 'char-code assembly' });
  if (ENV_SUBSTRING.test(args)) out.push({ kind: 'obfuscated', detail: 'environment-variable substrings' });
  const blanks = longestBlankRun(args);
  if (blanks >= PADDING_RUN) out.push({ kind: 'padded', detail: `padded with ${blanks} blank characters` });
  if (args.length > VISIBLE_TARGET_CHARS)
    out.push({ kind: 'overlong', detail: `${args.length} characters, beyond the ${VISIBLE_TARGET_CHARS} the Properties dialog shows` });
  return out;
}

/** Arguments for a cell: runs of padding collapsed to a marker that says how long they were. */
export function argumentsCell(args: string): string {
  return args.replace(new RegExp(`\\s{${PADDING_RUN},}`, 'g'), (run) => ` [${run.length} blanks] `);
}
