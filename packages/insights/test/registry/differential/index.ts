import { AMCACHE } from './amcache.js';
import { BAM } from './bam.js';
import type { Comparator } from './comparator.js';
import { NETWORK_PROFILES } from './network-profiles.js';
import { OPENSAVE } from './opensave.js';
import { RECENTDOCS } from './recentdocs.js';
import { RUN_KEYS } from './run-keys.js';
import { SERVICES } from './services.js';
import { SHELLBAGS } from './shellbags.js';
import { SHIMCACHE } from './shimcache.js';
import { USB_DEVICES } from './usb-devices.js';
import { USERASSIST } from './userassist.js';

/** Every artifact's comparator, one line each (one file per artifact beside this one). */
export const COMPARATORS: Comparator[] = [
  SHIMCACHE,
  SERVICES,
  RUN_KEYS,
  USB_DEVICES,
  NETWORK_PROFILES,
  AMCACHE,
  USERASSIST,
  BAM,
  SHELLBAGS,
  RECENTDOCS,
  OPENSAVE,
];
