import { AMCACHE } from './amcache.js';
import { BAM } from './bam.js';
import type { Comparator } from './comparator.js';
import { OPENSAVE } from './opensave.js';
import { RECENTDOCS } from './recentdocs.js';
import { SHELLBAGS } from './shellbags.js';
import { USERASSIST } from './userassist.js';

/** Every artifact's comparator, one line each (one file per artifact beside this one). */
export const COMPARATORS: Comparator[] = [AMCACHE, USERASSIST, BAM, SHELLBAGS, RECENTDOCS, OPENSAVE];
