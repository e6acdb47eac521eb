import { Val } from '../binxml/value.js';

/** Starts a placeholder in text content / JSON; a noncharacter no renderer escapes. */
const TEXT_MARK = '\ufdd0';
/** Starts a placeholder inside an XML attribute value (escaped differently). */
const ATTR_MARK = '\ufdd1';
/** Placeholder indexes are one character from here, kept below the surrogates. */
export const INDEX_BASE = 0x1000;
export const MAX_HOLES = 0xd800 - INDEX_BASE;

/**
 * A substitution value in a template rendered for a plan: it renders as a placeholder, which
 * the plan compiler turns into "write value `index` here". `t` is the kind of the value.
 */
export class Hole extends Val {
  readonly attrMarker: string;

  constructor(
    t: number,
    readonly index: number,
  ) {
    const c = String.fromCharCode(INDEX_BASE + index);
    super(t, TEXT_MARK + c);
    this.attrMarker = ATTR_MARK + c;
  }
}
