/**
 * One in-process API run in a fresh process (so JIT warm-up and peak RSS are this run's own):
 * open + full walk of the live tree, timed inside; prints {"items","seconds","cpuSeconds"} on stdout.
 */
import { readFile } from 'node:fs/promises';
import { Hive } from '../src/index.js';

const started = performance.now();
const cpu = process.cpuUsage();
const hive = new Hive(await readFile(process.argv[2]!));
let items = 0;
for (const k of hive.walk()) items += 1 + k.values.length;
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ items, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 })}\n`);
