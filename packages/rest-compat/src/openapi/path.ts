/** Where the REST app serves its OpenAPI document. */
export const OPENAPI_PATH = '/openapi.json';
/** The REST app's health check (app.ts). */
export const HEALTH_PATH = '/healthz';
