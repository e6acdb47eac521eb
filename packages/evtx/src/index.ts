export { openEvtx, type EvtxFile, type OpenOptions } from './evtx-file.js';
export { type EvtxRecord, type RenderOptions } from './chunk.js';
export { toXml } from './to-xml.js';
export { flattenEvent } from './flatten.js';
export { EvtxError } from './errors.js';
export { type EvtxWarning } from './warnings.js';
export { type FileHeader } from './file-header.js';
export { type JsonObject, type JsonValue } from './render/json.js';
export { eventToJson } from './json-text.js';
