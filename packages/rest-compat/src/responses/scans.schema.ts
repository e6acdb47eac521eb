import { z } from 'zod';
import { CUSTOM_DATA_LABEL, NO_MATCHES_MESSAGE } from '../presenters/scans.js';
import { insightCategory } from './insight.schema.js';

const errorResult = z.strictObject({ Error: z.strictObject({ message: z.string() }) });

/**
 * POST /analysis/yara/data: a Table (File cell `Custom Data`) or the no-match message, then for a
 * custom rule its metadata; an Error when the scan could not run.
 */
export const yaraDataResponse = z
  .strictObject({
    results: z.array(
      z.union([
        z.strictObject({
          Table: z.strictObject({
            title: z.string(),
            data: z.array(z.array(z.string())).describe(`header row, then one row per match whose File cell is "${CUSTOM_DATA_LABEL}"`),
            category: z.literal('Yara'),
          }),
        }),
        z.strictObject({
          Metadata: z.strictObject({
            title: z.string(),
            data: z.strictObject({ warnings: z.string(), custom_rule: z.string() }),
            category: z.union([insightCategory, z.literal('Yara')]),
          }),
        }),
        errorResult,
        z.strictObject({ message: z.literal(NO_MATCHES_MESSAGE) }),
      ]),
    ),
  })
  .meta({ id: 'YaraDataResponse' });

/** POST /analysis/sigma/data: one Table (no match: the header row alone) or an Error, tagged by `type`. */
export const sigmaDataResponse = z
  .strictObject({
    results: z.array(
      z.union([
        z.strictObject({ type: z.literal('Table'), title: z.string(), data: z.array(z.array(z.string())), category: z.literal('Sigma') }),
        z.strictObject({ type: z.literal('Error'), message: z.string() }),
      ]),
    ),
  })
  .meta({ id: 'SigmaDataResponse' });
