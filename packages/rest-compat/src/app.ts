import { Hono } from 'hono';
import type { RestDeps } from './rest-deps.js';
import { registerEndpoints } from './routes/endpoints.js';
import { registerUpload } from './routes/upload.js';
import { registerBodyLimits } from './body-limits.js';
import { Admission } from './admission.js';

/** The spec's endpoints as a web-standard fetch handler (mounted by apps/web, or served alone). */
export function createRestApp(deps: RestDeps): Hono {
  const app = new Hono();
  app.get('/healthz', async (c) => {
    const health = await deps.health().catch(() => ({ ok: false, checks: {} }));
    return c.json(health, health.ok ? 200 : 503);
  });
  registerBodyLimits(app, new Admission(deps.admissionBytes), deps.jsonBodyDeadlineMs);
  registerUpload(app, deps);
  registerEndpoints(app, deps);
  app.notFound((c) => c.text('Not found', 404));
  app.onError((err, c) => {
    const errorId = crypto.randomUUID();
    deps.log.error({ errorId, err }, 'unhandled error');
    return c.text(`An error occurred while processing your request. If the problem persists, contact support and quote the following ID: ${errorId}`, 500);
  });
  return app;
}
