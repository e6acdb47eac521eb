export { BoundedReader } from './bounded-reader.js';
export { civilFromDays } from './civil-date.js';
export { writeFully } from './write-fully.js';
