/** L6 logon types (INSIGHTS.md §2): cell text `"<n> (<name>)"`. */
const NAMES: Record<string, string> = {
  '0': 'System',
  '2': 'Interactive',
  '3': 'Network',
  '4': 'Batch',
  '5': 'Service',
  '7': 'Unlock',
  '8': 'NetworkCleartext',
  '9': 'NewCredentials',
  '10': 'RemoteInteractive',
  '11': 'CachedInteractive',
  '12': 'CachedRemoteInteractive',
  '13': 'CachedUnlock',
};

export function logonTypeCell(type: string): string {
  if (type === '') return '';
  const name = NAMES[type];
  return name ? `${type} (${name})` : type;
}
