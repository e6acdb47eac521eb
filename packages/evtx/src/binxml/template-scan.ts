import { EvtxError } from '../errors.js';
import { LIMITS, type ChunkContext } from './chunk-context.js';
import { sidSize } from './value.js';
import { T, fixedSize } from './value-types.js';
import { NameRefs, templateId } from './template-id.js';
import { TOK } from './tokens.js';

/** What render plans need of a template definition: its content id and where it ends. */
export interface TemplateInfo {
  readonly id: number;
  readonly end: number;
}

/**
 * The definition at chunk offset `off`, read as the parser reads it but without building its
 * tree (which only compiling a plan or the generic path need): its name references give its
 * id. Undefined when the parser would not read it either. Cached per chunk.
 */
export function templateInfo(ctx: ChunkContext, off: number): TemplateInfo | undefined {
  let info = ctx.infos.get(off);
  if (info === undefined) {
    info = scan(ctx, off) ?? null;
    ctx.infos.set(off, info);
  }
  return info ?? undefined;
}

function scan(ctx: ChunkContext, off: number): TemplateInfo | undefined {
  const buf = ctx.buf;
  if (off + 24 > buf.length) return undefined;
  const body = off + 24;
  const end = body + buf.readUInt32LE(off + 20);
  if (end > buf.length) return undefined;
  const refs = new NameRefs();
  try {
    if (!new Scanner(ctx, body, end, refs).fragment()) return undefined;
  } catch (e) {
    if (e instanceof EvtxError) return undefined;
    throw e;
  }
  // From the GUID on: the offset of the next definition differs from chunk to chunk.
  return { id: templateId(buf, off + 4, end, refs), end };
}

/** Mirrors StreamReader on a template definition, token for token; throws EvtxError where it would. */
class Scanner {
  private pos: number;

  constructor(
    private readonly ctx: ChunkContext,
    start: number,
    private readonly end: number,
    private readonly refs: NameRefs,
  ) {
    this.pos = start;
  }

  private take(n: number): number {
    this.ctx.need('template definition', this.pos, n, this.end);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  private u16(): number {
    return this.ctx.buf.readUInt16LE(this.take(2));
  }

  private nameRef(): void {
    const field = this.pos;
    const off = this.ctx.buf.readUInt32LE(this.take(4));
    if (off === this.pos) {
      const size = this.ctx.nameSize(off);
      this.ctx.need('name', off, size, this.end);
      this.pos += size;
    }
    this.refs.add(field, this.pos, this.ctx.name(off));
  }

  /** True when it holds a root element, as a definition must. */
  fragment(): boolean {
    const buf = this.ctx.buf;
    let roots = 0;
    while (this.pos < this.end) {
      const tok = buf[this.pos]!;
      if (tok === TOK.EOF) break;
      if (tok === TOK.FRAGMENT_HEADER) this.take(4);
      else if (tok === TOK.OPEN_START || tok === (TOK.OPEN_START | TOK.MORE)) {
        this.element(0);
        roots++;
      } else return false;
    }
    return roots > 0;
  }

  private element(depth: number): void {
    if (depth > LIMITS.maxDepth) this.ctx.fail('binxml', this.pos, 'elements nested too deeply');
    const buf = this.ctx.buf;
    const tok = buf[this.take(1)]!;
    this.take(6);
    this.nameRef();
    if (tok & TOK.MORE) this.take(4);
    for (;;) {
      this.ctx.need('element', this.pos, 1, this.end);
      if ((buf[this.pos]! & 0xbf) !== TOK.ATTRIBUTE) break;
      this.pos++;
      this.nameRef();
      this.content(depth, true);
    }
    const close = buf[this.take(1)]!;
    if (close === TOK.CLOSE_START) {
      this.content(depth, false);
      if (buf[this.take(1)] !== TOK.END_ELEMENT) this.ctx.fail('binxml', this.pos - 1, 'expected end element');
    } else if (close !== TOK.CLOSE_EMPTY) {
      this.ctx.fail('binxml', this.pos - 1, 'expected close of element start');
    }
  }

  private content(depth: number, inAttr: boolean): void {
    const buf = this.ctx.buf;
    for (;;) {
      this.ctx.need('content', this.pos, 1, this.end);
      switch (buf[this.pos]) {
        case TOK.VALUE:
        case TOK.VALUE | TOK.MORE:
          this.pos++;
          this.value();
          break;
        case TOK.NORMAL_SUBST:
        case TOK.OPTIONAL_SUBST:
          this.pos++;
          this.take(3);
          break;
        case TOK.CHAR_REF:
        case TOK.CHAR_REF | TOK.MORE:
          this.pos++;
          this.take(2);
          break;
        case TOK.ENTITY_REF:
        case TOK.ENTITY_REF | TOK.MORE:
          this.pos++;
          this.nameRef();
          break;
        case TOK.CDATA:
        case TOK.CDATA | TOK.MORE:
          this.pos++;
          this.take(this.u16() * 2);
          break;
        case TOK.PI_TARGET:
          if (inAttr) return;
          this.pos++;
          this.nameRef();
          if (this.pos < this.end && buf[this.pos] === TOK.PI_DATA) {
            this.pos++;
            this.take(this.u16() * 2);
          }
          break;
        case TOK.OPEN_START:
        case TOK.OPEN_START | TOK.MORE:
          if (inAttr) return;
          this.element(depth + 1);
          break;
        default:
          return;
      }
    }
  }

  /** A Value token's payload, sized as StreamReader.literalValue sizes it. */
  private value(): void {
    const type = this.ctx.buf[this.take(1)]!;
    if (type === T.STRING) {
      this.take(this.u16() * 2);
      return;
    }
    if (type === T.NULL) return;
    let size = fixedSize(type);
    if (type === T.SID) size = sidSize(this.ctx.buf, this.pos, this.end);
    if (type === T.BINXML || type === T.BINARY || type === T.ANSI) size = this.u16();
    if (size === 0) this.ctx.fail('binxml', this.pos, 'unsupported value token type');
    this.take(size);
  }
}
