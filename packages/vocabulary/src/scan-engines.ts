/** The two scan engines, lower-case as requests name them (`engine`, the scan endpoints' paths). */
export const SCAN_ENGINES = ['yara', 'sigma'] as const;
export type ScanEngine = (typeof SCAN_ENGINES)[number];

/** How people name each engine (dashboard labels, messages). */
export const SCAN_ENGINE_LABELS: Record<ScanEngine, string> = { yara: 'YARA', sigma: 'Sigma' };
