/**
 * A structural DOT reader for the graphs we write (no Graphviz library is installed yet): the
 * `digraph` header, node statements with quoted attributes (escapes checked), `a -> b` edges, and
 * nothing else. Throws on anything it cannot read.
 */
export interface ParsedDot {
  nodes: Map<string, Record<string, string>>;
  edges: [string, string][];
}

const ID = /^[A-Za-z_][A-Za-z0-9_]*/;

export function parseDot(text: string): ParsedDot {
  const nodes = new Map<string, Record<string, string>>();
  const edges: [string, string][] = [];
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const expect = (s: string) => {
    ws();
    if (!text.startsWith(s, i)) throw new Error(`expected '${s}' at ${i}: ${text.slice(i, i + 40)}`);
    i += s.length;
  };
  const id = (): string => {
    ws();
    const m = ID.exec(text.slice(i, i + 200));
    if (!m) throw new Error(`expected an id at ${i}: ${text.slice(i, i + 40)}`);
    i += m[0].length;
    return m[0];
  };
  const value = (): string => {
    ws();
    if (text[i] !== '"') return id();
    let out = '';
    i++;
    for (;;) {
      const c = text[i++];
      if (c === undefined) throw new Error('unterminated string');
      if (c === '"') return out;
      if (c === '\n') throw new Error(`raw newline in a string at ${i}`);
      if (c === '\\') {
        const n = text[i++];
        if (n === '\\' || n === '"') out += n;
        else if (n === 'n') out += '\n';
        else throw new Error(`unknown escape \\${n} at ${i}`);
      } else out += c;
    }
  };
  const attrs = (): Record<string, string> => {
    const out: Record<string, string> = {};
    expect('[');
    for (;;) {
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      const k = id();
      expect('=');
      out[k] = value();
      ws();
      if (text[i] === ',') i++;
    }
  };
  expect('digraph');
  if (id() !== 'process_tree') throw new Error('graph name');
  expect('{');
  for (;;) {
    ws();
    if (text[i] === '}') {
      i++;
      break;
    }
    const a = id();
    ws();
    if (a === 'rankdir') {
      expect('=');
      value();
    } else if (a === 'node') {
      attrs();
    } else if (text.startsWith('->', i)) {
      i += 2;
      edges.push([a, id()]);
    } else {
      if (nodes.has(a)) throw new Error(`node ${a} declared twice`);
      nodes.set(a, attrs());
    }
    expect(';');
  }
  ws();
  if (i !== text.length) throw new Error('text after the graph');
  return { nodes, edges };
}
