export { startWebServer } from './web-server.js';
