import { Verdict } from '../common/importance.js';
import { formatTime } from '../common/time-format.js';
import type { RegistryContext } from './context/registry-context.js';
import { CATEGORY, NAME_TYPE, macAddress, systemTime } from './decoders/network-profiles.js';
import { keyCell } from './format.js';
import { hiveCell, registryAnalyzer, type RegistryResultType } from './registry-analyzer.js';
import type { HiveKeys } from './store/hive-keys.js';
import type { KeyStore } from './store/key-store.js';
import { bin, num, str, type SlimKey } from './store/slim-key.js';
import { tableInsight, type Row } from './table.js';

const IFACES = 'CCS\\Services\\Tcpip\\Parameters\\Interfaces';
const ADAPTERS = 'CCS\\Control\\Network\\{4D36E972-E325-11CE-BFC1-08002BE10318}';
const NETLIST = 'Microsoft\\Windows NT\\CurrentVersion\\NetworkList';

const prov = (h: HiveKeys, k: SlimKey): Record<string, string> => ({
  Hive: hiveCell(h),
  Key: keyCell(h, k),
  'Last Write': formatTime(k.lastWrite),
  Deleted: k.deleted ? 'yes' : '',
});
const either = (k: SlimKey, a: string, b: string): string => str(k, a).replace(/^0\.0\.0\.0$/, '') || str(k, b);

function interfaces(h: HiveKeys): Row[] {
  return h.children(IFACES).map((k) => {
    const dhcp = num(k, 'EnableDHCP');
    const lease = num(k, 'LeaseObtainedTime');
    return {
      cells: {
        Interface: k.name,
        Adapter: str(h.key(`${ADAPTERS}\\${k.name}\\Connection`), 'Name'),
        DHCP: dhcp === null ? '' : dhcp ? 'yes' : 'no',
        'IP Address': either(k, 'IPAddress', 'DhcpIPAddress'),
        'Subnet Mask': either(k, 'SubnetMask', 'DhcpSubnetMask'),
        Gateway: either(k, 'DefaultGateway', 'DhcpDefaultGateway'),
        'DNS Servers': either(k, 'NameServer', 'DhcpNameServer'),
        Domain: either(k, 'Domain', 'DhcpDomain'),
        'DHCP Server': str(k, 'DhcpServer'),
        'Lease Obtained': lease ? formatTime(lease * 1000) : '',
        ...prov(h, k),
      },
      time: k.lastWrite,
    };
  });
}

function knownNetworks(h: HiveKeys): Row[] {
  const sigs = new Map<string, SlimKey>();
  for (const kind of h.children(`${NETLIST}\\Signatures`)) for (const s of h.children(kind.path)) sigs.set(str(s, 'ProfileGuid').toLowerCase(), s);
  return h.children(`${NETLIST}\\Profiles`).map((k) => {
    const sig = sigs.get(k.name.toLowerCase());
    const cat = num(k, 'Category');
    const nt = num(k, 'NameType');
    return {
      cells: {
        'Profile Name': str(k, 'ProfileName'),
        Description: str(k, 'Description'),
        Category: cat === null ? '' : (CATEGORY[cat] ?? String(cat)),
        Type: nt === null ? '' : (NAME_TYPE[nt] ?? String(nt)),
        'Date Created': systemTime(bin(k, 'DateCreated')),
        'Date Last Connected': systemTime(bin(k, 'DateLastConnected')),
        'Gateway MAC': macAddress(bin(sig, 'DefaultGatewayMac')),
        'DNS Suffix': str(sig, 'DnsSuffix'),
        ...prov(h, k),
      },
      time: k.lastWrite,
    };
  });
}

function shares(store: KeyStore, context: RegistryContext): Row[] {
  const rows: Row[] = [];
  const add = (h: HiveKeys, k: SlimKey, type: string, name: string, target: string, user: string, details: string, v = new Verdict()): void => {
    rows.push({
      cells: { Type: type, Name: name, Target: target, User: user, Details: details, Reasons: v.text, ...prov(h, k) },
      importance: v.importance,
      time: k.lastWrite,
    });
  };
  for (const h of store.ofType('SYSTEM')) {
    const sh = h.key('CCS\\Services\\LanmanServer\\Shares');
    for (const v of sh?.values ?? []) {
      const lines = Array.isArray(v.data) ? v.data : [String(v.data)];
      add(h, sh!, 'Share', v.name, lines.find((l) => /^path=/i.test(l))?.slice(5) ?? '', '', lines.filter((l) => !/^path=/i.test(l)).join(', '));
    }
    const proxy = h.key('CCS\\Services\\PortProxy\\v4tov4\\tcp');
    for (const v of proxy?.values ?? [])
      add(h, proxy!, 'Port proxy', v.name, String(v.data), '', 'v4tov4 tcp', new Verdict().hit('High', 'port forwarding (PortProxy)'));
  }
  for (const h of store.ofType('NTUSER.DAT')) {
    const user = context.userOf(h);
    for (const k of h.children('Network'))
      add(h, k, 'Mapped drive', `${k.name.toUpperCase()}:`, str(k, 'RemotePath'), str(k, 'UserName').replace(/^0$/, '') || user, '');
    const mru = h.key('Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Map Network Drive MRU');
    for (const v of mru?.values ?? [])
      if (v.name.toLowerCase() !== 'mrulist' && typeof v.data === 'string') add(h, mru!, 'Map Network Drive MRU', v.name, v.data, user, '');
    const tsc = 'Software\\Microsoft\\Terminal Server Client';
    const def = h.key(`${tsc}\\Default`);
    for (const v of def?.values ?? []) if (typeof v.data === 'string') add(h, def!, 'RDP client (MRU)', v.name, v.data, user, '');
    for (const k of h.children(`${tsc}\\Servers`))
      add(h, k, 'RDP client', k.name, k.name, user, str(k, 'UsernameHint') ? `UsernameHint ${str(k, 'UsernameHint')}` : '');
    for (const k of h.children('Software\\SimonTatham\\PuTTY\\Sessions')) {
      add(
        h,
        k,
        'PuTTY session',
        decodeURIComponent(k.name),
        str(k, 'HostName'),
        str(k, 'UserName') || user,
        str(k, 'PortNumber') ? `port ${str(k, 'PortNumber')}` : '',
      );
    }
    const keys = h.key('Software\\SimonTatham\\PuTTY\\SshHostKeys');
    for (const v of keys?.values ?? []) add(h, keys!, 'PuTTY host key', v.name, v.name.replace(/^[^@]*@\d+:/, ''), user, v.name.split(':')[0] ?? '');
    // WinSCP sessions: host, user and port only; the stored password is never shown.
    for (const k of h.children('Software\\Martin Prikryl\\WinSCP 2\\Sessions')) {
      add(
        h,
        k,
        'WinSCP session',
        decodeURIComponent(k.name),
        str(k, 'HostName'),
        str(k, 'UserName') || user,
        str(k, 'PortNumber') ? `port ${str(k, 'PortNumber')}` : '',
      );
    }
  }
  return rows;
}

function build(store: KeyStore, context: RegistryContext): ReturnType<RegistryResultType['build']> {
  const P = ['Hive', 'Key', 'Last Write', 'Deleted'];
  return [
    tableInsight(
      'Network Artifacts',
      'Network',
      ['Interface', 'Adapter', 'DHCP', 'IP Address', 'Subnet Mask', 'Gateway', 'DNS Servers', 'Domain', 'DHCP Server', 'Lease Obtained', ...P],
      store.ofType('SYSTEM').flatMap(interfaces),
    ),
    tableInsight(
      'Network Artifacts: Known Networks',
      'Network',
      ['Profile Name', 'Description', 'Category', 'Type', 'Date Created', 'Date Last Connected', 'Gateway MAC', 'DNS Suffix', ...P],
      store.ofType('SOFTWARE').flatMap(knownNetworks),
    ),
    tableInsight(
      'Network Artifacts: Shares & Remote Access',
      'Network',
      ['Type', 'Name', 'Target', 'User', 'Details', 'Importance', 'Reasons', ...P],
      shares(store, context),
    ),
  ];
}

export const NETWORK_ARTIFACTS: RegistryResultType = {
  title: 'Network Artifacts',
  patterns: {
    SYSTEM: [`${IFACES}\\*`, `${ADAPTERS}\\*\\Connection`, 'CCS\\Services\\LanmanServer\\Shares', 'CCS\\Services\\PortProxy\\v4tov4\\tcp'],
    SOFTWARE: [`${NETLIST}\\Profiles\\*`, `${NETLIST}\\Signatures\\*`, `${NETLIST}\\Signatures\\*\\*`],
    'NTUSER.DAT': [
      'Network\\*',
      'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Map Network Drive MRU',
      'Software\\Microsoft\\Terminal Server Client\\Default',
      'Software\\Microsoft\\Terminal Server Client\\Servers\\*',
      'Software\\SimonTatham\\PuTTY\\Sessions\\*',
      'Software\\SimonTatham\\PuTTY\\SshHostKeys',
      'Software\\Martin Prikryl\\WinSCP 2\\Sessions\\*',
    ],
  },
  build,
};

/** Registry "Network Artifacts" (INSIGHTS.md §4). */
export const registryNetworkArtifacts = registryAnalyzer(NETWORK_ARTIFACTS);
