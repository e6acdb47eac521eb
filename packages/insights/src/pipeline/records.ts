import type { Hive, HiveType, RegistryKey } from '@quarry/registry';
import type { PrefetchResult } from '@quarry/prefetch';
import type { ShortcutRecord } from '@quarry/shortcuts';
import type { ParseCategory } from '@quarry/vocabulary';
import type { InputRef } from './input.js';
import type { RecordTypes } from '../plugins.js';

/** A registry hive of the job: a plain input, or one member of a zip input. */
export interface HiveRef {
  input: InputRef;
  /** The hive's name: the input's name, or the member path inside a zip. */
  name: string;
  /** Member path inside the zip input, null for a plain hive. */
  member: string | null;
  type: HiveType;
  /** The opened hive (logs already replayed), for analyzers that look keys up by path. */
  hive: Hive;
  /** Names of the transaction logs replayed into it. */
  logs: string[];
  /** The hive was dirty and no log came with it: what it shows may be stale. */
  dirtyWithoutLogs: boolean;
}

/** A registry key with its values, in the hive it came from. */
export interface RegistryRecord {
  hive: HiveRef;
  key: RegistryKey;
}

/** One parsed prefetch file. */
export interface PrefetchRecord {
  result: PrefetchResult;
}

/**
 * One link, Jump List entry or custom-category link of a job. `member` names the file inside a
 * zip input it came from (absent for a plain input, whose name is the input's).
 */
export interface ShortcutJobRecord extends ShortcutRecord {
  member?: string;
}

export type { TriageRecord } from '../triage/model.js';
export type { RecordTypes };

/** The record of an evidence type (RecordTypes, beside the plug-ins). */
export type RecordOf<C extends ParseCategory> = RecordTypes[C];
