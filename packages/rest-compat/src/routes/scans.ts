import type { Hono } from 'hono';
import {
  createScanJob,
  createScanJobSchema,
  readClientKey,
  resolveCaller,
  scanData,
  scanDataInput,
  scanDataSchema,
  scanJobInput,
  validate,
  type ScanEngine,
} from '@quarry/api';
import type { ScanCategory } from '@quarry/vocabulary';
import type { RestDeps } from '../rest-deps.js';
import { clientAddressOf } from '../client-address.js';
import { CONTRACT, type EndpointName } from '../contract.js';
import { createdScanJobBody, sigmaDataBody, yaraDataBody } from '../presenters/scans.js';
import { jsonBody, keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

const FILE_SCANS: [EndpointName, ScanCategory][] = [
  ['yaraFile', 'Yara'],
  ['sigmaFile', 'sigma'],
];
const DATA_SCANS: [EndpointName, ScanEngine][] = [
  ['yaraData', 'yara'],
  ['sigmaData', 'sigma'],
];

// Body caps (4 MB file scans, 16 MB inline) are applied with every other endpoint's in body-limits.ts.
/** The spec's "Yara and Sigma file scans" and the inline scans (POST /analysis/{yara,sigma}/data). */
export function registerScans(app: Hono, deps: RestDeps): void {
  for (const [endpoint, category] of FILE_SCANS) {
    app.post(CONTRACT[endpoint].paths[0], async (c) => {
      try {
        const caller = await resolveCaller(deps, tokenOf(c), { required: false });
        const clientKey = readClientKey(keyOf(c));
        const params = validate(createScanJobSchema, await jsonBody(c));
        const job = await createScanJob(deps, caller, clientKey, scanJobInput(category, params), clientAddressOf(c));
        return c.json(createdScanJobBody(job));
      } catch (err) {
        return respondError(c, endpoint, err, deps.log);
      }
    });
  }
  for (const [endpoint, engine] of DATA_SCANS) {
    app.post(CONTRACT[endpoint].paths[0], async (c) => {
      try {
        const caller = await resolveCaller(deps, tokenOf(c), { required: false });
        const params = validate(scanDataSchema, await jsonBody(c));
        const result = await scanData(deps, caller, scanDataInput(engine, params), clientAddressOf(c));
        return c.json(engine === 'yara' ? yaraDataBody(result) : sigmaDataBody(result));
      } catch (err) {
        return respondError(c, endpoint, err, deps.log);
      }
    });
  }
}
