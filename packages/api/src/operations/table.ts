import type { AnyOperation } from './operation.js';
import { deleteFilesOperation, listFilesOperation, uploadFileOperation } from './files.js';
import { deleteJobsOperation, getJobOperation, listJobsOperation, watchJobOperation } from './jobs.js';
import { parseOperations, searchOperations } from './evidence.js';
import { createWebhookOperation, deleteWebhookOperation, listWebhooksOperation } from './webhooks.js';
import { createExportTicketOperation, downloadExportOperation, exportJobOperation } from './exports.js';
import { lookupOperation, retrieveRulesOperation, ruleSetsOperation, scanDataOperation, scanFilesOperation } from './hunting.js';

/** Each key must be its operation's name, so a front may use either. */
const table = <T extends Record<string, AnyOperation>>(ops: T & { [K in keyof T]: { name: K } }): T => ops;

/**
 * Every operation of the service, declared once. REST endpoints, tRPC procedures and GraphQL
 * fields are derived from this table; its shape (name → Operation) is stable for them.
 */
export const operations = table({
  uploadFile: uploadFileOperation,
  listFiles: listFilesOperation,
  deleteFiles: deleteFilesOperation,
  ...parseOperations,
  getJob: getJobOperation,
  watchJob: watchJobOperation,
  listJobs: listJobsOperation,
  deleteJobs: deleteJobsOperation,
  ...searchOperations,
  exportJob: exportJobOperation,
  createExportTicket: createExportTicketOperation,
  downloadExport: downloadExportOperation,
  lookup: lookupOperation,
  scanFiles: scanFilesOperation,
  scanData: scanDataOperation,
  retrieveRules: retrieveRulesOperation,
  ruleSets: ruleSetsOperation,
  createWebhook: createWebhookOperation,
  listWebhooks: listWebhooksOperation,
  deleteWebhook: deleteWebhookOperation,
});

export type Operations = typeof operations;
export type OperationName = keyof Operations;
