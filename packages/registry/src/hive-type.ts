export type HiveType = 'SYSTEM' | 'SOFTWARE' | 'SECURITY' | 'SAM' | 'NTUSER.DAT' | 'UsrClass.dat' | 'COMPONENTS' | 'Amcache.hve' | 'other';

/** What we can see of a hive to classify it: root subkey names and a probe for deeper keys. */
export interface HiveShape {
  rootSubkeys: string[];
  has(path: string): boolean;
}

/**
 * Classifies by content: the set of keys under the root is characteristic of each hive.
 * The embedded file name is not used, as it is only a debugging hint and often a partial path.
 */
export function detectHiveType(shape: HiveShape): HiveType {
  const names = new Set(shape.rootSubkeys.map((n) => n.toUpperCase()));
  const has = (n: string): boolean => names.has(n.toUpperCase());
  if (has('Select') && [...names].some((n) => /^CONTROLSET\d{3}$/.test(n))) return 'SYSTEM';
  if (has('SAM') && shape.has('SAM\\Domains')) return 'SAM';
  if (has('Policy') && (has('RXACT') || has('SAM') || has('Cache'))) return 'SECURITY';
  if (has('Root') && (shape.has('Root\\File') || shape.has('Root\\InventoryApplicationFile') || shape.has('Root\\Programs'))) {
    return 'Amcache.hve';
  }
  if (has('CanonicalData') || has('DerivedData') || (has('ServicingStack') && has('VersionedIndex'))) return 'COMPONENTS';
  if (has('Software') && (has('Control Panel') || has('Environment') || has('Console') || has('Keyboard Layout') || has('Network'))) {
    return 'NTUSER.DAT';
  }
  if (has('Microsoft') && (has('Classes') || has('Policies') || has('Clients') || has('Program Groups') || has('Secure'))) return 'SOFTWARE';
  if (has('Local Settings') || (has('CLSID') && [...names].some((n) => n.startsWith('.'))) || (has('*') && has('CLSID'))) {
    return 'UsrClass.dat';
  }
  return 'other';
}
