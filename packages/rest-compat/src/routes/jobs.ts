import type { Hono } from 'hono';
import { deleteJobs, deleteJobsSchema, getJob, listJobs, readClientKey, resolveCaller, validate } from '@quarry/api';
import type { RestDeps } from '../rest-deps.js';
import { CONTRACT } from '../contract.js';
import { jobListEntryBody, jobStatusBody } from '../presenters/jobs.js';
import { jsonBody, keyOf, tokenOf } from '../request.js';
import { respondError } from '../respond.js';

export function registerJobs(app: Hono, deps: RestDeps): void {
  // Registered before /analysis/job/:job_id so "list" is never taken for an id.
  app.get(CONTRACT.listJobs.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      return c.json({ jobs: (await listJobs(deps, caller)).map(jobListEntryBody) });
    } catch (err) {
      return respondError(c, 'listJobs', err, deps.log);
    }
  });

  app.post(CONTRACT.deleteJobs.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: true });
      const body = await jsonBody(c).catch(() => ({}) as Record<string, unknown>);
      await deleteJobs(deps, caller, validate(deleteJobsSchema, body));
      return c.json({ message: 'Job deleted successfully' });
    } catch (err) {
      return respondError(c, 'deleteJobs', err, deps.log);
    }
  });

  app.get(CONTRACT.jobStatus.paths[0], async (c) => {
    try {
      const caller = await resolveCaller(deps, tokenOf(c), { required: false });
      const clientKey = readClientKey(keyOf(c));
      return c.json(jobStatusBody(await getJob(deps, caller, clientKey, c.req.param('job_id'))));
    } catch (err) {
      return respondError(c, 'jobStatus', err, deps.log);
    }
  });
}
