import type { Val } from './value.js';

/** An XML element. In a template definition `dep` is its DependencyId (-1: none). */
export class El {
  /** Holds a substitution or a dependency somewhere below: instances must copy it. */
  readonly dynamic: boolean;

  constructor(
    readonly name: string,
    readonly attrs: Attr[],
    readonly children: Node[],
    readonly dep: number,
    /** Written as `<x/>` when it has no content (the template closed it empty). */
    readonly selfClosing: boolean,
  ) {
    let dynamic = dep >= 0;
    for (const a of attrs) if (!dynamic && a.value.some((n) => n instanceof Subst)) dynamic = true;
    for (const n of children) if (!dynamic && (n instanceof Subst || (n instanceof El && n.dynamic))) dynamic = true;
    this.dynamic = dynamic;
  }
}

export interface Attr {
  readonly name: string;
  readonly value: Node[];
}

/** A substitution placeholder (template definitions only). */
export class Subst {
  constructor(
    readonly id: number,
    readonly type: number,
    readonly optional: boolean,
  ) {}
}

export class CharRef {
  constructor(readonly code: number) {}
}

export class EntityRef {
  constructor(readonly name: string) {}
}

export class CData {
  constructor(readonly text: string) {}
}

export class PI {
  constructor(
    readonly target: string,
    readonly data: string,
  ) {}
}

/** Content node: text is a plain string; typed values are Val. */
export type Node = El | string | Val | Subst | CharRef | EntityRef | CData | PI;

/** What a substitution slot holds: text, a typed value, or the root elements of embedded BinXml. */
export type Slot = string | Val | El[];
