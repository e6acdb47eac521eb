/**
 * What an evidence type is, as plain data: every layer (reader and analyzers, record store, REST,
 * GraphQL, dashboard) reads it from here instead of spelling it again. Pure TypeScript with no
 * imports, so the dashboard can load it in the browser.
 */

/** A test on a file's first bytes (HEAD_BYTES are enough for every type). Offsets are absolute. */
export type ByteTest =
  /** Latin-1 text at `at` (NUL written `\0`). */
  | { at: number; text: string }
  /** One byte at `at` equal to one of these. */
  | { at: number; byteIn: readonly number[] }
  /**
   * A little-endian 32-bit value at `at` equal to one of these, or not (`not: true`). A head too
   * short to hold it reads as `short` (a hive of 28 bytes is still told a hive).
   */
  | { at: number; u32leIn: readonly number[]; not?: boolean; short: boolean };

/** One kind of file an evidence type takes: it matches when every test of one of its signatures holds. */
export interface FileKindDescriptor {
  /** Unique across every evidence type (recognition answers with it; reports show its label). */
  id: string;
  /** Shown in File metadata insights ("detected_type") and in wrong-type messages. */
  label: string;
  signatures: readonly (readonly ByteTest[])[];
  /** An archive whose members are read as this type's files (a zip of hives), not one file of it. */
  container?: boolean;
}

/** A parameter a parse request takes besides `file_ids`. */
export interface ParseOption {
  /** As the REST body spells it. */
  restName: string;
  /** As the typed fronts (tRPC, GraphQL) spell it. */
  name: string;
  type: 'boolean';
  required: boolean;
  /** The 400 message when it is missing or of another type. */
  invalidMessage: string;
  /** What it does, in words (the typed fronts' documentation). */
  description: string;
}

/** A field a search filter may name (the spec's list; the store compares names case-insensitively). */
export interface FilterField {
  /** As a filter spells it; with `prefix`, the start of any name (EVTX `details.<event-data name>`). */
  name: string;
  prefix?: boolean;
  /** What it holds, in words (for the UI's field list and the API documentation). */
  description: string;
}

export interface EvidenceTypeDescriptor {
  /** The parse category: the REST path segment (`/analysis/<id>/parse`) and the database's job category. */
  id: string;
  /** Short label (dashboard, tables). */
  label: string;
  /** What operation names append: parse<Name>, search<Name>. */
  operationName: string;
  /** The type as an article phrase, for "File x is not <expected>" messages. */
  expected: string;
  /** What a parse job reads, in the plural ("Windows event logs (.evtx)"), for the typed fronts' documentation. */
  documents: string;
  /**
   * A collection type (triage): it owns no file kind of its own, takes files of every kind (and
   * archives of them), and runs each member through the plug-in of the member's own type.
   */
  composite?: true;

  recognition: {
    /** In the order they are tried: the first kind whose signature matches names the file. */
    kinds: readonly FileKindDescriptor[];
    /**
     * Container kinds another type owns whose members this type also reads (a zip of links): a kind
     * has one owner, which recognition answers with, but more than one type may take it.
     */
    archives?: readonly string[];
    /** Lower-case file-name endings that suggest the type when the bytes are not at hand (dashboard only). */
    extensions: readonly string[];
    /** Whole lower-case file names that suggest it (registry hives keep their Windows names, without extension). */
    names: readonly string[];
  };

  /** Request limits of a parse job (spec "Parsing endpoints"); binary units, as packages/api reads "MB"/"GB". */
  limits: {
    maxFiles: number;
    /** Total bytes of a job's files; null: no limit but each file's upload limit. */
    maxTotalBytes: number | null;
    /** The 400 message when a job names more than `maxFiles` files. */
    tooManyFilesMessage: string;
    /** The 400 message when the files exceed `maxTotalBytes` (null when there is no such limit). */
    tooLargeMessage: string | null;
    /** Largest JSON body of the parse and search requests (a body is parsed whole). */
    parseBodyBytes: number;
    searchBodyBytes: number;
  };

  parseOptions: readonly ParseOption[];

  /**
   * Result types of a completed job in the order they are listed, titled as INSIGHTS.md names them (after the per-file "File metadata: <name>" insights
   * every type starts with).
   */
  resultTypes: readonly string[];

  /** Raw-record search (browse_events: true): the spec's IndexTable and filters. */
  search: {
    title: string;
    columns: readonly string[];
    /** Keys of the detail object (the last column). Null: the record's own names (EVTX event data). */
    detailKeys: readonly string[] | null;
    filterFields: readonly FilterField[];
    /** What start_time / end_time compare against. */
    time: {
      /** In words. */
      basis: string;
      /** A record may carry several times: a window matches when any of them falls in it. */
      several: boolean;
    };
  };
}
