import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
import { errorBody, respondError } from '../respond.js';

const FILE_SCANS: [EndpointName, ScanCategory][] = [
  ['yaraFile', 'Yara'],
  ['sigmaFile', 'sigma'],
];
const DATA_SCANS: [EndpointName, ScanEngine][] = [
  ['yaraData', 'yara'],
  ['sigmaData', 'sigma'],
];

/** Bodies larger than these are refused before they are read (file scans: ids and a ≤1 MB rule; inline: ≤10 MB of data in base64 plus a rule). */
const FILE_SCAN_BODY_BYTES = 4 * 1024 * 1024;
const DATA_SCAN_BODY_BYTES = 16 * 1024 * 1024;

const limit = (endpoint: EndpointName, maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => errorBody(c, endpoint, 413, `Request body too large: the limit is ${maxSize / (1024 * 1024)} MB`) });

/** The spec's "Yara and Sigma file scans" and the inline scans (POST /analysis/{yara,sigma}/data). */
export function registerScans(app: Hono, deps: RestDeps): void {
  for (const [endpoint, category] of FILE_SCANS) {
    app.post(CONTRACT[endpoint].paths[0], limit(endpoint, FILE_SCAN_BODY_BYTES), async (c) => {
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
    app.post(CONTRACT[endpoint].paths[0], limit(endpoint, DATA_SCAN_BODY_BYTES), async (c) => {
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
