export { BoundedReader } from './bounded-reader.js';
