/** One evidence file of a job, as every analyzer sees it. */
export interface InputRef {
  /** 0-based position in the job's file list (prefetch timelines show it 1-based). */
  position: number;
  fileId: string;
  name: string;
  size: number;
  /** `size` is only an upper bound (a zip member whose entry says its size after its bytes). */
  sizeIsBound?: true;
  sha256: string;
}

/**
 * An input the pipeline may read: `open` is called exactly once and yields the plaintext bytes in
 * order (decrypted and integrity-checked by whoever supplies it; a failed check throws from the
 * iteration).
 */
export interface PipelineInput {
  ref: InputRef;
  open(): AsyncIterable<Uint8Array>;
}
