import { builder } from './builder.js';
// Each module adds its types and fields to the builder.
import './enums.js';
import './insights.js';
import './files.js';
import './jobs.js';
import './search.js';
import './reference.js';
import './scans.js';
import './rule-sets.js';
import './parse.js';
import './file-mutations.js';
import './exports.js';
import './subscription.js';
import './webhooks.js';

export const graphqlSchema = builder.toSchema();
