import type { HiveType } from '../../src/index.js';

export interface CorpusHive {
  path: string;
  type: HiveType;
  /** Logs beside it, by their real (mixed-case) names. */
  logs: string[];
  dirty: boolean;
  /** regfexport (libregf 20201007) exports it completely. */
  regfexport: boolean;
}

/** Every primary hive under samples/registry, with what its README/MANIFEST say about it. */
export const CORPUS: CorpusHive[] = [
  {
    path: 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve',
    type: 'Amcache.hve',
    logs: ['DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG1', 'DFIRArtifactMuseum/Amcache_Win11_RathbunVM/Amcache.hve.LOG2'],
    dirty: true,
    regfexport: true,
  },
  { path: 'DFIRArtifactMuseum/Amcache_Win2012R2_StolenSzechuan/Amcache.hve', type: 'Amcache.hve', logs: [], dirty: false, regfexport: true },
  { path: 'EricZimmerman-Registry/SAMBadHBinHeader', type: 'SAM', logs: [], dirty: false, regfexport: false },
  { path: 'EricZimmerman-Registry/UsrClassDeletedBags.dat', type: 'UsrClass.dat', logs: [], dirty: false, regfexport: true },
  { path: 'dfwinreg/NTUSER.DAT', type: 'NTUSER.DAT', logs: ['dfwinreg/NTUSER.DAT.LOG'], dirty: false, regfexport: true },
  { path: 'dfwinreg/SECURITY', type: 'SECURITY', logs: [], dirty: false, regfexport: true },
  { path: 'plaso/NTUSER-WIN7.DAT', type: 'NTUSER.DAT', logs: [], dirty: false, regfexport: true },
  { path: 'plaso/NTUSER.DAT', type: 'NTUSER.DAT', logs: [], dirty: false, regfexport: true },
  { path: 'plaso/corrupt_sub_key_list.hiv', type: 'other', logs: [], dirty: false, regfexport: false },
  { path: 'plaso/win10-Amcache.hve', type: 'Amcache.hve', logs: [], dirty: false, regfexport: true },
  { path: 'regf-samples/SOFTWARE', type: 'SOFTWARE', logs: ['regf-samples/SOFTWARE.LOG'], dirty: false, regfexport: false },
  { path: 'regipy/NTUSER.DAT', type: 'NTUSER.DAT', logs: [], dirty: false, regfexport: true },
  { path: 'regipy/SAM', type: 'SAM', logs: [], dirty: false, regfexport: true },
  { path: 'regipy/SECURITY', type: 'SECURITY', logs: [], dirty: true, regfexport: true },
  { path: 'regipy/SYSTEM_B', type: 'SYSTEM', logs: ['regipy/SYSTEM_B.LOG1', 'regipy/SYSTEM_B.LOG2'], dirty: true, regfexport: true },
  { path: 'regipy/UsrClass.dat', type: 'UsrClass.dat', logs: ['regipy/UsrClass.dat.LOG1', 'regipy/UsrClass.dat.LOG2'], dirty: true, regfexport: true },
  { path: 'regipy/corrupted_system_hive', type: 'SYSTEM', logs: [], dirty: false, regfexport: false },
  {
    path: 'regipy/transactions_NTUSER.DAT',
    type: 'NTUSER.DAT',
    logs: ['regipy/transactions_ntuser.dat.log1', 'regipy/transactions_ntuser.dat.log2'],
    dirty: true,
    regfexport: true,
  },
  { path: 'yarp/BadBaseBlockHive', type: 'other', logs: ['yarp/BadBaseBlockHive.LOG1'], dirty: true, regfexport: false },
  { path: 'yarp/NewDirtyHive', type: 'other', logs: ['yarp/NewDirtyHive.LOG1', 'yarp/NewDirtyHive.LOG2'], dirty: true, regfexport: true },
  { path: 'yarp/OldDirtyHive', type: 'other', logs: ['yarp/OldDirtyHive.LOG1'], dirty: true, regfexport: true },
  { path: 'yarp/TruncatedHive', type: 'other', logs: [], dirty: false, regfexport: false },
];
