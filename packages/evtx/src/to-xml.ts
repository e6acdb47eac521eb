import { LAZY_XML, type EvtxRecord } from './chunk.js';
import { EvtxError } from './errors.js';

/**
 * The record as XML. Works for records parsed on this thread, or any record read with
 * `xml: true` (as the parallel mode must be: records from workers cannot render later).
 */
export function toXml(record: EvtxRecord): string {
  if (record.xml !== undefined) return record.xml;
  const render = (record as EvtxRecord & { [LAZY_XML]?: () => string })[LAZY_XML];
  if (!render) throw new EvtxError('record was parsed on a worker without xml: true', 'record', record.offset);
  return render();
}
