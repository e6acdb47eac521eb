import type { ArtifactType } from '@quarry/vocabulary';
import type { Importance, Insight } from '../types.js';
import type { InputRef } from '../pipeline/input.js';

/**
 * One member of a triage collection: a file inside a zip input (or a loose input), told by its
 * bytes first and its path second.
 */
export interface TriageMember {
  /** The uploaded file it was read from. */
  input: InputRef;
  /** Path inside the zip, decoded (Velociraptor's URL-encoded names) and with `/` separators; '' for a loose input. */
  path: string;
  /** As File metadata and every per-type table show it: `<input name>/<member path>`, or the input's name. */
  name: string;
  /** Uncompressed size in bytes (from the zip's headers; null when the zip does not say). */
  size: number | null;
  /** The artifact type it runs through, or null when no type takes it (listed as unknown). */
  type: ArtifactType | null;
  /** The profile it lies under (`Users/<name>/…`), when the layout says. */
  user: string | null;
}

/** What became of a member, for the Host Summary's inventory. */
export interface MemberOutcome {
  member: TriageMember;
  /** Records (keys for registry) read from it. */
  records: number;
  /** Why nothing (or only part) could be used; null when it was read whole. */
  problem: string | null;
  warnings: number;
}

/** A member type's finished results, as its own job would list them (titles unprefixed). */
export interface NestedResults {
  type: ArtifactType;
  insights: Insight[];
  /** Every member that went through the type, with its outcome. */
  members: MemberOutcome[];
}

/** What a Host Timeline time means. */
export type TimeKind =
  | 'executed'
  | 'created'
  | 'modified'
  | 'accessed'
  | 'logged on'
  | 'logon failed'
  | 'logged off'
  | 'key written'
  | 'installed'
  | 'connected'
  | 'disconnected'
  | 'first seen'
  | 'last seen'
  | 'event'
  | 'shutdown'
  | 'password set';

/**
 * Where the per-artifact records behind a fact are: a search of the same job's `type` records with
 * these filters (field, value) finds them (the dashboard's evidence link).
 */
export interface RecordsRef {
  type: ArtifactType;
  filters: { field: string; value: string }[];
}

/**
 * One Host Timeline fact, the triage type's record: every timestamped fact the collection's
 * result types hold, normalised to one shape; searchable in the job's `triage` store.
 */
export interface TriageRecord {
  /** UTC, milliseconds since the epoch. */
  time: number;
  /** The artifact type the fact came from. */
  source: ArtifactType;
  /** The member it was read from (`<input>/<member path>`), or '' when the result type does not say. */
  artifact: string;
  /** The per-type insight it comes from (its own title, e.g. `Application Data: ShimCache`). */
  resultType: string;
  /** Row (0-based) of that insight, for the dashboard's `#<section>/row-<n>` link; null for a whole insight. */
  row: number | null;
  timeKind: TimeKind;
  description: string;
  user: string | null;
  path: string | null;
  importance: Importance;
  /** Title of the Sigma rule that matched the record behind it. */
  sigmaRule: string | null;
  records: RecordsRef | null;
}
