const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * RFC 4180 rows from text: quoted fields may hold delimiters, doubled quotes and line breaks
 * (xCyclopedia's `output` column holds whole program output). A leading BOM is dropped. It is
 * lenient, as upstream files are data, not input to reject: text after a closing quote is kept
 * and an unterminated quote runs to the end of the text.
 */
export function* parseDelimited(text: string, delimiter = ','): Generator<string[]> {
  const delim = delimiter.charCodeAt(0);
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < n) {
    const row: string[] = [];
    for (;;) {
      let field = '';
      if (text.charCodeAt(i) === QUOTE) {
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) {
            field += text.slice(j);
            i = n;
            break;
          }
          field += text.slice(j, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            field += '"';
            j = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
      }
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === delim || c === LF || c === CR) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
      row.push(field);
      if (i < n && text.charCodeAt(i) === delim) {
        i++;
        continue;
      }
      if (text.charCodeAt(i) === CR) i++;
      if (text.charCodeAt(i) === LF) i++;
      break;
    }
    if (row.length > 1 || row[0] !== '') yield row;
  }
}
