export { createRestApp } from './app.js';
export { serveRest } from './serve.js';
export { SERVER_OPTIONS, serverTimeouts, HEADERS_TIMEOUT_MS, IDLE_TIMEOUT_MS } from './server-timeouts.js';
export { JSON_BODY_DEADLINE_MS } from './body-limits.js';
export type { RestDeps, Health } from './rest-deps.js';
export { CONTRACT } from './contract.js';
export { STATUS as HTTP_STATUS } from './respond.js';
export { buildOpenApiDocument } from './openapi/document.js';
