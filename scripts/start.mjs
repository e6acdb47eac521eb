#!/usr/bin/env node
// `npm start`: install if needed, build, then run the service in the foreground.
import { build, ensureInstalled, run } from './bootstrap.mjs';

ensureInstalled();
build();
console.log('quarry: starting the service…');
process.exit(run(process.execPath, ['apps/web/dist/main.js']));
