export { RecordStores, openStoreFile, type RecordWriterOptions } from './record-stores.js';
export { RecordStoreWriter, type WriterOptions } from './writer.js';
export { COUNT_LIMIT, RecordStoreReader, type SearchResult, type StoredRecord } from './reader.js';
export { type RecordFilter, type RecordQuery, type SearchQuery } from './query.js';
export { RecordStoreError, isRecordStoreError, type RecordStoreErrorCode } from './errors.js';
export type { EventTemplateSource, RecordAnnotation } from './rows/shape.js';
export { formatUtc } from './time-format.js';
export { usesEventTemplates } from './rows/shapes.js';
