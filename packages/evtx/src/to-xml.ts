import { TREE, type EvtxRecord } from './chunk.js';
import type { El } from './binxml/nodes.js';
import { EvtxError } from './errors.js';
import { toXmlText } from './render/xml.js';

/**
 * The record as XML. Works for records parsed on this thread, or any record read with
 * `xml: true` (as the parallel mode must be, since trees stay on the workers).
 */
export function toXml(record: EvtxRecord): string {
  if (record.xml !== undefined) return record.xml;
  const tree = (record as EvtxRecord & { [TREE]?: El })[TREE];
  if (!tree) throw new EvtxError('record was parsed on a worker without xml: true', 'record', record.offset);
  return toXmlText(tree);
}
