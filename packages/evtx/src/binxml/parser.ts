import { T, fixedSize } from './value-types.js';
import { TOK } from './tokens.js';
import { CData, CharRef, El, EntityRef, PI, Subst, type Attr, type Node, type Slot } from './nodes.js';
import { ChunkContext, LIMITS, type TemplateDef } from './chunk-context.js';
import { EvtxError } from '../errors.js';
import { NULL_VAL, Val, decodeValue, sidSize, utf16, utf16Text } from './value.js';
import { instantiate } from './instantiate.js';
import { templateInfo } from './template-scan.js';

/**
 * Reads one BinXml stream inside a chunk. Offsets are chunk-relative. `template` streams are
 * template definitions: their element starts carry a DependencyId and may hold substitutions.
 */
class StreamReader {
  pos: number;

  constructor(
    readonly ctx: ChunkContext,
    start: number,
    readonly end: number,
    readonly template: boolean,
    readonly nesting: number,
  ) {
    this.pos = start;
  }

  private u8(what: string): number {
    this.ctx.need(what, this.pos, 1, this.end);
    return this.ctx.buf[this.pos++]!;
  }

  private u16(what: string): number {
    this.ctx.need(what, this.pos, 2, this.end);
    const v = this.ctx.buf.readUInt16LE(this.pos);
    this.pos += 2;
    return v;
  }

  private u32(what: string): number {
    this.ctx.need(what, this.pos, 4, this.end);
    const v = this.ctx.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }

  /** A name reference: the name is inline when its offset is where the reference ends. */
  private nameRef(what: string): string {
    const off = this.u32(what);
    if (off === this.pos) {
      const size = this.ctx.nameSize(off);
      this.ctx.need(what, off, size, this.end);
      const name = this.ctx.name(off);
      this.pos += size;
      return name;
    }
    return this.ctx.name(off);
  }

  private utf16Counted(what: string): string {
    const count = this.u16(what);
    this.ctx.need(what, this.pos, count * 2, this.end);
    const s = utf16Text(this.ctx.buf, this.pos, this.pos + count * 2);
    this.pos += count * 2;
    return s;
  }

  /** Top level of a stream: fragment headers, template instances and elements until EOF. */
  fragment(): El[] {
    const roots: El[] = [];
    const buf = this.ctx.buf;
    while (this.pos < this.end) {
      const tok = buf[this.pos]!;
      switch (tok) {
        case TOK.EOF:
          this.pos++;
          return roots;
        case TOK.FRAGMENT_HEADER:
          this.ctx.need('fragment header', this.pos, 4, this.end);
          this.pos += 4;
          break;
        case TOK.TEMPLATE_INSTANCE:
          if (this.template) this.ctx.fail('binxml', this.pos, 'template instance inside a template definition');
          roots.push(this.templateInstance());
          break;
        case TOK.OPEN_START:
        case TOK.OPEN_START | TOK.MORE:
          roots.push(this.element(0));
          break;
        default:
          this.ctx.fail('binxml', this.pos, `unexpected token 0x${tok.toString(16)} at top level`);
      }
    }
    return roots;
  }

  private element(depth: number): El {
    if (depth > LIMITS.maxDepth) this.ctx.fail('binxml', this.pos, 'elements nested too deeply');
    const start = this.pos;
    const tok = this.u8('element');
    const dep = this.template ? this.u16('element dependency') : 0xffff;
    this.u32('element size');
    const name = this.nameRef('element name');
    if (tok & TOK.MORE) this.u32('attribute list size');
    this.ctx.charge(1, start);
    const attrs: Attr[] = [];
    const buf = this.ctx.buf;
    for (;;) {
      this.ctx.need('element', this.pos, 1, this.end);
      const t = buf[this.pos]!;
      if ((t & 0xbf) !== TOK.ATTRIBUTE) break;
      this.pos++;
      const attrName = this.nameRef('attribute name');
      const value: Node[] = [];
      this.content(value, depth, true);
      attrs.push({ name: attrName, value });
    }
    const children: Node[] = [];
    const close = this.u8('element close');
    if (close === TOK.CLOSE_START) {
      this.content(children, depth, false);
      const endTok = this.u8('end element');
      if (endTok !== TOK.END_ELEMENT) this.ctx.fail('binxml', this.pos - 1, `expected end element, got 0x${endTok.toString(16)}`);
    } else if (close !== TOK.CLOSE_EMPTY) {
      this.ctx.fail('binxml', this.pos - 1, `expected close of element start, got 0x${close.toString(16)}`);
    }
    return new El(name, attrs, children, dep === 0xffff ? -1 : dep, close === TOK.CLOSE_EMPTY);
  }

  /**
   * Content tokens into `out` until a token that ends it (left unread): an attribute, the
   * close of a start tag or an end element.
   */
  private content(out: Node[], depth: number, inAttr: boolean): void {
    const buf = this.ctx.buf;
    for (;;) {
      this.ctx.need('content', this.pos, 1, this.end);
      const tok = buf[this.pos]!;
      switch (tok) {
        case TOK.VALUE:
        case TOK.VALUE | TOK.MORE:
          this.pos++;
          out.push(this.literalValue());
          break;
        case TOK.NORMAL_SUBST:
        case TOK.OPTIONAL_SUBST: {
          if (!this.template) this.ctx.fail('binxml', this.pos, 'substitution outside a template definition');
          this.pos++;
          const id = this.u16('substitution id');
          const type = this.u8('substitution type');
          out.push(new Subst(id, type, tok === TOK.OPTIONAL_SUBST));
          break;
        }
        case TOK.CHAR_REF:
        case TOK.CHAR_REF | TOK.MORE:
          this.pos++;
          out.push(new CharRef(this.u16('character reference')));
          break;
        case TOK.ENTITY_REF:
        case TOK.ENTITY_REF | TOK.MORE:
          this.pos++;
          out.push(new EntityRef(this.nameRef('entity reference')));
          break;
        case TOK.CDATA:
        case TOK.CDATA | TOK.MORE:
          this.pos++;
          out.push(new CData(this.utf16Counted('CDATA')));
          break;
        case TOK.PI_TARGET: {
          if (inAttr) return;
          this.pos++;
          const target = this.nameRef('PI target');
          let data = '';
          if (this.pos < this.end && buf[this.pos] === TOK.PI_DATA) {
            this.pos++;
            data = this.utf16Counted('PI data');
          }
          out.push(new PI(target, data));
          break;
        }
        case TOK.OPEN_START:
        case TOK.OPEN_START | TOK.MORE:
          if (inAttr) return;
          out.push(this.element(depth + 1));
          break;
        case TOK.TEMPLATE_INSTANCE:
          if (inAttr || this.template) return;
          out.push(this.templateInstance());
          break;
        default:
          return;
      }
    }
  }

  /** A Value token's payload: type byte then the value, strings length-prefixed. */
  private literalValue(): Node {
    const type = this.u8('value type');
    const buf = this.ctx.buf;
    if (type === T.STRING) {
      const count = this.u16('value string');
      this.ctx.need('value string', this.pos, count * 2, this.end);
      const s = utf16(buf, this.pos, this.pos + count * 2);
      this.pos += count * 2;
      return s;
    }
    if (type === T.NULL) return NULL_VAL;
    let size = fixedSize(type);
    if (type === T.SID) size = sidSize(buf, this.pos, this.end);
    if (type === T.BINXML || type === T.BINARY || type === T.ANSI) size = this.u16('value size');
    if (size === 0) this.ctx.fail('binxml', this.pos, `unsupported value token type 0x${type.toString(16)}`);
    this.ctx.need('value', this.pos, size, this.end);
    const v = decodeValue(buf, type, this.pos, size);
    this.pos += size;
    return v;
  }

  /** A template instance: definition reference (maybe inline), then its substitution values. */
  private templateInstance(): El {
    const at = this.pos;
    if (this.nesting > LIMITS.maxNesting) this.ctx.fail('template instance', at, 'nested too deeply');
    this.ctx.need('template instance', this.pos, 10, this.end);
    this.pos += 6;
    const defOffset = this.u32('template definition offset');
    const def = templateAt(this.ctx, defOffset, this.nesting);
    if (defOffset === this.pos) this.pos = def.end;
    const count = this.u32('substitution count');
    if (count > LIMITS.maxSubstitutions || count * 4 > this.end - this.pos) {
      this.ctx.fail('template instance', this.pos - 4, `implausible substitution count ${count}`);
    }
    const descriptors = this.pos;
    this.pos += count * 4;
    const slots: Slot[] = new Array<Slot>(count);
    const buf = this.ctx.buf;
    for (let i = 0; i < count; i++) {
      const size = buf.readUInt16LE(descriptors + i * 4);
      const type = buf[descriptors + i * 4 + 2]!;
      this.ctx.need('substitution value', this.pos, size, this.end);
      slots[i] = this.slot(type, this.pos, size);
      this.pos += size;
    }
    return instantiate(def.root, slots, this.ctx, at);
  }

  private slot(type: number, p: number, size: number): Slot {
    if (type === T.BINXML && size > 0) return new StreamReader(this.ctx, p, p + size, false, this.nesting + 1).fragment();
    if (type === T.EVT_HANDLE || type === T.EVT_XML) {
      this.ctx.fail('substitution value', p, `unsupported value type 0x${type.toString(16)}`);
    }
    const v = type === T.BINXML ? new Val(T.BINXML, null) : decodeValue(this.ctx.buf, type, p, size);
    return this.ctx.placeholders ? this.ctx.placeholders(v) : v;
  }
}

/** Definition trees by template id (see templateInfo), shared by all chunks and files. */
const trees = new Map<number, El>();
const MAX_TREES = 2_000;

/** The template definition at chunk offset `off`, parsed once per chunk (or found by its content). */
function templateAt(ctx: ChunkContext, off: number, nesting: number): TemplateDef {
  const cached = ctx.templates.get(off);
  if (cached instanceof EvtxError) throw cached;
  if (cached) return cached;
  if (ctx.parsing.has(off)) ctx.fail('template definition', off, 'template refers to itself');
  ctx.parsing.add(off);
  try {
    ctx.need('template definition', off, 24, ctx.buf.length);
    const size = ctx.buf.readUInt32LE(off + 20);
    const body = off + 24;
    ctx.need('template definition', body, size, ctx.buf.length);
    // The same definition (by content) parsed in an earlier chunk gives the same tree.
    const info = templateInfo(ctx, off);
    let root = info && trees.get(info.id);
    if (!root) {
      root = new StreamReader(ctx, body, body + size, true, nesting + 1).fragment()[0];
      if (!root) ctx.fail('template definition', off, 'template has no root element');
      if (info) {
        if (trees.size >= MAX_TREES) trees.clear();
        trees.set(info.id, root);
      }
    }
    const def: TemplateDef = { root, end: body + size };
    ctx.templates.set(off, def);
    return def;
  } catch (e) {
    if (e instanceof EvtxError) ctx.templates.set(off, e);
    throw e;
  } finally {
    ctx.parsing.delete(off);
  }
}

/** Parses a record's BinXml `[start, end)` into its root element. */
export function parseRecordXml(ctx: ChunkContext, start: number, end: number): El {
  ctx.budget = LIMITS.maxNodes;
  const roots = new StreamReader(ctx, start, end, false, 0).fragment();
  const root = roots[0];
  if (!root) ctx.fail('record', start, 'record holds no element');
  return root;
}
