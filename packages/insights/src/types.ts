/** Insight shapes exactly as the REST contract defines them (one key naming the type). */
export type Importance = 'Informational' | 'Low' | 'Medium' | 'High' | 'Critical';
export type InsightCategory = 'General' | 'Authentication' | 'Network' | 'Persistence' | 'Process' | 'Sigma';

export interface TimelineEntry {
  timestamp_start: number;
  timestamp_end: number | null;
  record_id: number;
  short_name: string;
  description: string;
  category: string;
  importance: Importance;
}

export type IndexTableEntry = [string[], Record<string, string>];

export type Insight =
  | { Timeline: { title: string; data: TimelineEntry[]; category: InsightCategory } }
  | { Table: { title: string; data: string[][]; category: InsightCategory | string } }
  | { IndexTable: { title: string; data: IndexTableEntry[]; columns: string[]; category: InsightCategory } }
  | { Chart: { title: string; data: [string, number][]; category: InsightCategory; display_mode: string } }
  | { Graph: { title: string; data: string; graph_metadata: Record<string, string[]>; category: InsightCategory } }
  // YARA results carry category `Yara` (the spec's /yara/data example), beside the six insight categories.
  | { Metadata: { title: string; data: Record<string, string>; category: InsightCategory | 'Yara' } }
  | { Error: { message: string } };
