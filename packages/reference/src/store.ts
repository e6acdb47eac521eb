import type { Dataset } from './dataset/format.js';
import { fileSignature, loadDatasetFile, sameSignature, type FileSignature } from './dataset/load.js';
import { DEFAULT_DATA_DIR, datasetPath } from './dataset/paths.js';
import { LookupError } from './errors.js';
import { LOOKUP_MODULES, type LookupModule } from '@quarry/vocabulary';
import { parseLookupParams } from './params.js';
import { queryDataset, type LookupResult } from './query/lookup.js';
import { findEventTemplate, type EventTemplate } from './templates/event-template.js';

export interface LookupStoreOptions {
  /** Directory of <module>.json.gz; the shipped data by default. */
  dataDir?: string;
  /**
   * How often, at most, a lookup checks whether its data file was replaced (one stat). After an
   * import the running service answers from the new data within this time, without a restart.
   * 0 checks on every lookup. Default 1000 ms.
   */
  recheckMs?: number;
  /** Told when a replaced file could not be loaded; the previous data keeps serving. */
  onReloadError?: (module: LookupModule, error: unknown) => void;
}

interface Slot {
  dataset?: Dataset;
  signature?: FileSignature;
  /** Signature of a replacement that failed to load: not retried until the file changes again. */
  failed?: FileSignature;
  checkedAt: number;
  pending?: Promise<Dataset>;
}

/**
 * The loaded lookup datasets of one process. Each module loads on first use (or `preload`), then
 * reloads when its file changes on disk: the importer replaces files atomically, so a reader sees
 * the old file or the new one, never a mix. Concurrent lookups share one load.
 */
export class LookupStore {
  readonly dataDir: string;
  private readonly recheckMs: number;
  private readonly slots = new Map<LookupModule, Slot>();

  constructor(private readonly options: LookupStoreOptions = {}) {
    this.dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
    this.recheckMs = options.recheckMs ?? 1000;
  }

  /** Validates the request body and runs it. Throws LookupError. */
  async lookup(input: unknown): Promise<LookupResult> {
    const params = parseLookupParams(input);
    return queryDataset(await this.dataset(params.module), params);
  }

  /** The message template of one event (see findEventTemplate), for EVTX Message rendering. */
  async eventTemplate(provider: string, eventId: number, version: number): Promise<EventTemplate | undefined> {
    return findEventTemplate(await this.dataset('event_id'), provider, eventId, version);
  }

  async preload(modules: readonly LookupModule[] = LOOKUP_MODULES): Promise<void> {
    await Promise.all(modules.map((m) => this.dataset(m)));
  }

  async dataset(module: LookupModule): Promise<Dataset> {
    let slot = this.slots.get(module);
    if (!slot) this.slots.set(module, (slot = { checkedAt: Date.now() }));
    if (!slot.dataset) return (slot.pending ??= this.load(module, slot));
    if (slot.pending) return slot.pending;
    const now = Date.now();
    if (now - slot.checkedAt < this.recheckMs) return slot.dataset;
    slot.checkedAt = now;
    const current = await fileSignature(datasetPath(this.dataDir, module));
    if (!current || sameSignature(current, slot.signature) || sameSignature(current, slot.failed)) return slot.dataset;
    const previous = slot.dataset;
    slot.pending ??= this.load(module, slot).catch((error: unknown) => {
      slot.failed = current;
      this.options.onReloadError?.(module, error);
      return previous;
    });
    return slot.pending;
  }

  private async load(module: LookupModule, slot: Slot): Promise<Dataset> {
    try {
      const { dataset, signature } = await loadDatasetFile(datasetPath(this.dataDir, module));
      slot.dataset = dataset;
      slot.signature = signature;
      slot.failed = undefined;
      slot.checkedAt = Date.now();
      return dataset;
    } catch (err) {
      throw err instanceof LookupError ? err : new LookupError('data-unavailable', `lookup dataset for ${module} cannot be loaded`, [], { cause: err });
    } finally {
      slot.pending = undefined;
    }
  }
}
