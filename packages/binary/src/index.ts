export { BoundedReader } from './bounded-reader.js';
export { civilFromDays } from './civil-date.js';
export { writeFully } from './write-fully.js';
export { StructureError, type StructureErrorDetails } from './structure-error.js';
export { Warnings, type ParseWarning } from './warnings.js';
