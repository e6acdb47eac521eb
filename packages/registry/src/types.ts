import type { RegistryWarning } from './errors.js';
import type { SecuritySummary } from './security-descriptor.js';
import type { ValueData, ValueTypeName } from './value-types.js';

export interface RegistryValue {
  /** Empty string for the key's default value. */
  name: string;
  type: ValueTypeName;
  typeCode: number;
  /** Declared data size in bytes. */
  size: number;
  data: ValueData;
  /** The bytes the data was decoded from. */
  raw: Buffer;
  /** Hive-relative offset of the vk cell. */
  offset: number;
  deleted: boolean;
  warnings: RegistryWarning[];
}

export interface RegistryKey {
  /** Backslash-separated, starting with the root key's own name. Deleted keys whose parents are gone start with "<orphan>". */
  path: string;
  name: string;
  /** Last-write time, ISO-8601 UTC with 100 ns precision. */
  lastWrite: string | null;
  deleted: boolean;
  /** Hive-relative offset of the nk cell. */
  offset: number;
  flags: number;
  className: string | null;
  security: SecuritySummary | null;
  subkeyCount: number;
  values: RegistryValue[];
  warnings: RegistryWarning[];
}
