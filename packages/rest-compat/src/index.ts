export { createRestApp } from './app.js';
export { serveRest } from './serve.js';
export type { RestDeps, Health } from './rest-deps.js';
export { CONTRACT } from './contract.js';
export { STATUS as HTTP_STATUS } from './respond.js';
