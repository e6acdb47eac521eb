/** A non-fatal anomaly: the file was read on, but something was off at `offset`. */
export interface EvtxWarning {
  code:
    | 'file-header-magic'
    | 'file-header-checksum'
    | 'file-header-chunk-count'
    | 'file-truncated'
    | 'chunk-magic'
    | 'chunk-header-checksum'
    | 'chunk-records-checksum'
    | 'chunk-header-bounds'
    | 'record-skipped'
    | 'record-recovered';
  message: string;
  /** Absolute file offset. */
  offset: number;
  /** Chunk index (0-based) when the warning concerns a chunk or a record. */
  chunk?: number;
}
