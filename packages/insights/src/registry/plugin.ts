import { fileMetadata } from '../common/file-metadata.js';
import { withJobState, type InsightsPlugin } from '../plugin.js';
import { readRegistryInputs } from '../pipeline/readers/registry-reader.js';
import { REGISTRY_ANALYZERS } from './index.js';
import { RegistryJob } from './job-state.js';

/** Registry: every key of every hive (logs replayed, zips opened), and the registry result types over one shared key store. */
export const registryPlugin: InsightsPlugin<'registry'> = {
  read: readRegistryInputs,
  analyzers: withJobState(() => new RegistryJob(), [fileMetadata, ...REGISTRY_ANALYZERS]),
};
