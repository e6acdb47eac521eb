import { z } from 'zod';

/**
 * The spec's insight objects (Resources → Insight, shared/INSIGHTS.md): exactly one key naming the
 * type. Strict objects, so a presenter or analyzer that adds, drops or renames a field fails the
 * document's validation.
 */
export const importance = z.enum(['Informational', 'Low', 'Medium', 'High', 'Critical']).meta({ id: 'Importance' });
export const insightCategory = z.enum(['General', 'Authentication', 'Network', 'Persistence', 'Process', 'Sigma']).meta({ id: 'InsightCategory' });

export const timelineEntry = z
  .strictObject({
    timestamp_start: z.int().describe('Unix milliseconds: first seen'),
    timestamp_end: z.int().nullable().describe('Unix milliseconds: last seen'),
    record_id: z.int(),
    short_name: z.string(),
    description: z.string(),
    category: z.string(),
    importance,
  })
  .meta({ id: 'TimelineEntry' });

/** Cells of every column but the last, then the last column's detail fields. */
export const indexTableEntry = z.tuple([z.array(z.string()), z.record(z.string(), z.string())]).meta({ id: 'IndexTableEntry' });

export const indexTableInsight = z
  .strictObject({
    IndexTable: z.strictObject({ title: z.string(), data: z.array(indexTableEntry), columns: z.array(z.string()), category: insightCategory }),
  })
  .meta({ id: 'IndexTableInsight' });

export const insight = z
  .union([
    z.strictObject({ Timeline: z.strictObject({ title: z.string(), data: z.array(timelineEntry), category: insightCategory }) }),
    // The first row holds the column names. Scan results use their engine's category (`Yara`, `Sigma`).
    z.strictObject({ Table: z.strictObject({ title: z.string(), data: z.array(z.array(z.string())), category: z.string() }) }),
    indexTableInsight,
    z.strictObject({
      Chart: z.strictObject({ title: z.string(), data: z.array(z.tuple([z.string(), z.number()])), category: insightCategory, display_mode: z.string() }),
    }),
    z.strictObject({
      Graph: z.strictObject({
        title: z.string(),
        data: z.string().describe('DOT'),
        graph_metadata: z.record(z.string(), z.array(z.string())),
        category: insightCategory,
      }),
    }),
    z.strictObject({
      Metadata: z.strictObject({ title: z.string(), data: z.record(z.string(), z.string()), category: z.union([insightCategory, z.literal('Yara')]) }),
    }),
    z.strictObject({ Error: z.strictObject({ message: z.string() }) }),
  ])
  .meta({ id: 'Insight' });
