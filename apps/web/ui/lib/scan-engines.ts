import { SCAN_ENGINES, SCAN_ENGINE_LABELS } from '@quarry/vocabulary';

/** The engines as Select options (value and label). */
export const SCAN_ENGINE_OPTIONS = SCAN_ENGINES.map((value) => ({ value, label: SCAN_ENGINE_LABELS[value] }));
