export { fileNameOf, textStream, type Download } from './download.js';
export { exportJobSchema, type ExportJobInput } from './export-job.schema.js';
export { exportJob } from './export-job.js';
export { createExportTicket, downloadExport, EXPORT_DOWNLOAD_PATH, TICKET_TTL_MS, type ExportTicket } from './export-tickets.js';
export { EXPORT_FORMATS, type ExportFormat } from '@quarry/exports';
