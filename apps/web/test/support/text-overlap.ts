/** Two pieces of text drawn over each other on the page: which texts, and where. */
export interface TextOverlap {
  a: string;
  b: string;
  rect: [number, number, number, number];
}

/**
 * Runs in the page (passed to `page.evaluate`, so it must not use anything from outside itself):
 * every line box of every text node inside the elements matched by `selectors`, each cut to what its
 * clipping ancestors (overflow other than visible) let through, compared pairwise. Lines of one
 * text node never count against each other; boxes touching within half a pixel do not overlap.
 */
export function findTextOverlaps(selectors: string[]): { boxes: number; overlaps: TextOverlap[] } {
  type Box = { node: Text; l: number; t: number; r: number; b: number };
  const boxes: Box[] = [];
  const seen = new Set<Node>();
  for (const selector of selectors) {
    for (const root of Array.from(document.querySelectorAll(selector))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n as Text;
        if (seen.has(text) || !text.data.trim()) continue;
        seen.add(text);
        // The visible window: the intersection of every clipping ancestor's box.
        let cl = -Infinity;
        let ct = -Infinity;
        let cr = Infinity;
        let cb = Infinity;
        for (let el = text.parentElement; el; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || style.display === 'none') {
            cr = cl;
            break;
          }
          if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
            const r = el.getBoundingClientRect();
            cl = Math.max(cl, r.left);
            ct = Math.max(ct, r.top);
            cr = Math.min(cr, r.right);
            cb = Math.min(cb, r.bottom);
          }
        }
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const r of Array.from(range.getClientRects())) {
          const box = { node: text, l: Math.max(r.left, cl), t: Math.max(r.top, ct), r: Math.min(r.right, cr), b: Math.min(r.bottom, cb) };
          if (box.r - box.l > 0.5 && box.b - box.t > 0.5) boxes.push(box);
        }
      }
    }
  }
  const overlaps: TextOverlap[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const x = boxes[i]!;
      const y = boxes[j]!;
      if (x.node === y.node) continue;
      const w = Math.min(x.r, y.r) - Math.max(x.l, y.l);
      const h = Math.min(x.b, y.b) - Math.max(x.t, y.t);
      if (w > 0.5 && h > 0.5) {
        overlaps.push({ a: x.node.data.slice(0, 60), b: y.node.data.slice(0, 60), rect: [Math.max(x.l, y.l), Math.max(x.t, y.t), w, h] });
      }
    }
  }
  return { boxes: boxes.length, overlaps };
}
