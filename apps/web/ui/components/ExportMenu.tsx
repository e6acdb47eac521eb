'use client';

import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@quarry/api';
import type { FilterRow } from '../lib/filters';
import { errorMessage, trpc } from '../lib/trpc';

/** The formats offered for one insight table, and for a whole job (or a search's records). */
const TABLE_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'jsonl', label: 'JSONL (rows with provenance)' },
];
const JOB_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'jsonl', label: 'JSONL (records and insight rows)' },
  { format: 'csv', label: 'CSV (records)' },
  { format: 'timesketch', label: 'Timesketch JSONL' },
  { format: 'ecs', label: 'Elastic Common Schema NDJSON' },
  { format: 'sigma-csv', label: 'Sigma matches CSV (Hayabusa columns)' },
  { format: 'sigma-jsonl', label: 'Sigma matches JSONL' },
];

/** What a search narrows the records by, when the export is of a search's results. */
export interface ExportQuery {
  search: string;
  filter: FilterRow[];
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/**
 * Starts a browser download without reading the file into the page: the ticket is asked for over
 * tRPC with the session's headers (the token, and the key of a private job), and its single-use
 * URL, which holds no key, is then opened as a plain link, so the browser streams it to disk.
 */
function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** An export button with its format menu: one insight (`insight`), or the job's records (narrowed by `query`). */
export function ExportMenu({ jobId, insight, query, label = 'Export' }: { jobId: string; insight?: string; query?: ExportQuery; label?: string }) {
  const ticket = useMutation({
    mutationFn: (format: ExportFormat) =>
      trpc.createExportTicket.mutate({ jobId, format, ...(insight === undefined ? {} : { insight }), ...(query ?? {}), bom: format === 'csv' }),
    onSuccess: (t) => download(t.url),
    onError: (err) => notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(err) }),
  });
  const formats = insight === undefined ? JOB_FORMATS : TABLE_FORMATS;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="default" loading={ticket.isPending} aria-label={insight === undefined ? label : `${label} ${insight}`}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map((f) => (
          <Menu.Item key={f.format} onClick={() => ticket.mutate(f.format)}>
            {f.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
