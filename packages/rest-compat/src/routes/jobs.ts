import type { Hono } from 'hono';
import { deleteJobs, getJob, listJobs, readClientKey, resolveCaller } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT } from '../contract.js';
import { formatUtc } from '../format.js';
import { jsonBody, keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

export function registerJobs(app: Hono, deps: RestDeps): void {
  // Registered before /analysis/job/:job_id so "list" is never taken for an id.
  app.get(CONTRACT.listJobs.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      const jobs = await listJobs(deps, caller);
      return c.json({
        jobs: jobs.map((j) => ({
          id: j.id,
          job_name: j.jobName,
          status: j.status,
          creation_date: formatUtc(j.createdAt),
          visibility: j.visibility,
          category: j.category,
        })),
      });
    } catch (err) {
      return respondError(c, 'listJobs', err, deps.log);
    }
  });

  app.post(CONTRACT.deleteJobs.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      const body = await jsonBody(c).catch(() => ({}) as Record<string, unknown>);
      await deleteJobs(deps, caller, body['ids']);
      return c.json({ message: 'Job deleted successfully' });
    } catch (err) {
      return respondError(c, 'deleteJobs', err, deps.log);
    }
  });

  app.get(CONTRACT.jobStatus.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: false });
      const clientKey = readClientKey(keyOf(c));
      return c.json(await getJob(deps, caller, clientKey, c.req.param('job_id')));
    } catch (err) {
      return respondError(c, 'jobStatus', err, deps.log);
    }
  });
}
