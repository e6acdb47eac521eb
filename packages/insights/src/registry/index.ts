import type { AnalyzerFactory } from '../pipeline/analyzer.js';
import type { RegistryJob } from './job-state.js';
import { registryApplicationData } from './application-data.js';
import { registryAuthenticationData } from './authentication-data.js';
import { registryNetworkArtifacts } from './network-artifacts.js';
import { registryPersistence } from './persistence.js';
import { registrySystemConfiguration } from './system-configuration.js';
import { registryUserActivity } from './user-activity.js';

export {
  registryApplicationData,
  registryAuthenticationData,
  registryNetworkArtifacts,
  registryPersistence,
  registrySystemConfiguration,
  registryUserActivity,
};

/** The registry result types in spec order: Persistence, User Activity, System Configuration, Authentication Data, Network Artifacts, Application Data. */
export const REGISTRY_ANALYZERS: readonly AnalyzerFactory<'registry', RegistryJob>[] = [
  registryPersistence,
  registryUserActivity,
  registrySystemConfiguration,
  registryAuthenticationData,
  registryNetworkArtifacts,
  registryApplicationData,
];
