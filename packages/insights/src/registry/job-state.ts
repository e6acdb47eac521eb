import { CONTEXT_PATTERNS, RegistryContext } from './context/registry-context.js';
import { KeyStore } from './store/key-store.js';

/**
 * What the registry analyzers of one job share, made once per job by the plug-in and handed to
 * each: one key store (each analyzer adds the paths it reads; the store reads each record once)
 * and the cross-hive context built from it.
 */
export class RegistryJob {
  readonly store = new KeyStore();
  private built: RegistryContext | undefined;

  constructor() {
    this.store.want(CONTEXT_PATTERNS);
  }

  /** Built at the first finish(), when every hive has been seen. */
  context(): RegistryContext {
    return (this.built ??= new RegistryContext(this.store));
  }
}
