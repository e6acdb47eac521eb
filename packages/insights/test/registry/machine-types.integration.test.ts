import { beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { REGIPY, refTime, regipy } from './support/reference.js';
import { registryJob, table } from './support/run-registry.js';

/** System Configuration, Authentication Data, Network Artifacts and Application Data against regipy's plugins. */
describe.skipIf(REGIPY.skip)(`registry machine result types vs regipy ${REGIPY.skip ? REGIPY.reason : ''}`, () => {
  let insights: Insight[];
  let ref: Record<string, any>;
  beforeAll(async () => {
    insights = await registryJob(['regipy/SYSTEM_B', 'regipy/SAM', 'regipy/SECURITY', 'plaso/NTUSER-WIN7.DAT', 'plaso/win10-Amcache.hve']);
    ref = await regipy(
      'regipy/SYSTEM_B',
      'computer_name',
      'timezone_data',
      'shutdown',
      'processor_architecture',
      'active_control_set',
      'network_data',
      'shimcache',
    );
  });

  it('System Configuration: computer name, control set, time zone, shutdown, architecture', () => {
    const rows = new Map(table(insights, 'System Configuration').map((r) => [r['Setting'], r]));
    expect(rows.get('Computer Name')!['Value']).toBe(ref.computer_name[0].name);
    expect(rows.get('Current Control Set')!['Value']).toBe(`ControlSet00${ref.active_control_set.find((v: any) => v.name === 'Current').value}`);
    const tz = ref.timezone_data['\\ControlSet001\\Control\\TimeZoneInformation'];
    expect(rows.get('Time Zone')!['Value']).toBe(
      `${tz.find((v: any) => v.name === 'TimeZoneKeyName').value}, Bias ${tz.find((v: any) => v.name === 'Bias').value} min`,
    );
    expect(rows.get('Last Shutdown')!['Value']!.slice(0, 19)).toBe(ref.shutdown['\\ControlSet001\\Control\\Windows'].date);
    expect(rows.get('Architecture')!['Value']).toBe(
      ref.processor_architecture['\\ControlSet001\\Control\\Session Manager\\Environment'].PROCESSOR_ARCHITECTURE,
    );
    expect(rows.get('Computer Name')!['Source']).toBe('SYSTEM\\ControlSet001\\Control\\ComputerName\\ComputerName');
  });

  it('Authentication Data: SAM accounts as regipy samparse reads them, never hashes', async () => {
    const sam = (await regipy('regipy/SAM', 'samparse')).samparse as any[];
    const rows = table(insights, 'Authentication Data');
    expect(rows.map((r) => Number(r['RID'])).sort()).toEqual(sam.map((e) => e.rid).sort());
    for (const e of sam) {
      const r = rows.find((x) => Number(x['RID']) === e.rid)!;
      expect([r['Logon Count'], r['Failed Logons'], r['Last Logon'], r['Password Last Set'], r['Last Failed Logon'], r['Account Expires']]).toEqual([
        String(e.login_count),
        String(e.failed_login_count),
        refTime(e.last_login),
        refTime(e.password_last_set),
        refTime(e.last_failed_login),
        refTime(e.account_expires),
      ]);
      expect(r['Flags']!.toLowerCase().split(', ').sort()).toEqual(
        e.account_flags_parsed
          .map((f: string) => f.toLowerCase().replace('account disabled', 'disabled').replace('password does not expire', "password doesn't expire"))
          .sort(),
      );
      expect(r['Key']).toBe(`SAM${e.key_path}`);
    }
    expect(rows.find((r) => r['RID'] === '500')!['User']).toBe('Administrator');
    expect(JSON.stringify(rows)).not.toMatch(/hash/i);
    expect(table(insights, 'Authentication Data: Logon Configuration').some((r) => r['Setting'] === 'LSA secret')).toBe(true);
  });

  it('Network Artifacts: interfaces with DHCP addresses as regipy reads them', () => {
    const ifaces = ref.network_data['\\ControlSet001\\Services\\Tcpip\\Parameters\\Interfaces'].interfaces as any[];
    const rows = table(insights, 'Network Artifacts');
    expect(rows.map((r) => r['Interface']).sort()).toEqual(ifaces.map((i) => i.interface_name).sort());
    for (const i of ifaces.filter((x) => x.dhcp_ip_address)) {
      const r = rows.find((x) => x['Interface'] === i.interface_name)!;
      expect([r['IP Address'], r['Subnet Mask'], r['DHCP Server'], r['Gateway'], r['DNS Servers']]).toEqual([
        i.dhcp_ip_address,
        i.dhcp_subnet_mask,
        i.dhcp_server,
        i.dhcp_default_gateway.join(', '),
        i.dhcp_name_server,
      ]);
    }
    const drives = table(insights, 'Network Artifacts: Shares & Remote Access').filter((r) => r['Type'] === 'Mapped drive');
    expect(drives.map((r) => r['Target'])).toEqual(['\\\\controller\\public']);
  });

  it('Application Data: every ShimCache entry regipy decodes, in cache order, with its time', () => {
    const rows = table(insights, 'Application Data: ShimCache').sort((a, b) => Number(a['Position']) - Number(b['Position']));
    const ours = rows.map((r) => `${r['Path']}|${r['Last Modified']}`);
    const theirs = (ref.shimcache as any[]).map((e) => `${e.path}|${refTime(e.last_mod_date)}`);
    // regipy leaves out entries without an executable path (packaged apps); the rest must match in order.
    const kept = ours.filter((o) => theirs.includes(o));
    expect(kept).toEqual(theirs);
    expect(rows.length).toBeGreaterThanOrEqual(theirs.length);
  });

  it('Application Data: user-scope Uninstall entries and Amcache files as regipy reads them', async () => {
    const progs = (await regipy('plaso/NTUSER-WIN7.DAT', 'installed_programs_ntuser')).installed_programs_ntuser as any[];
    const rows = table(insights, 'Application Data');
    expect(rows.map((r) => [r['Name'], r['Scope']])).toEqual(progs.map((p) => [p.DisplayName, 'User nfury']));
    const amcache = (await regipy('plaso/win10-Amcache.hve', 'amcache')).amcache as any[];
    const files = amcache.filter((e) => e.lower_case_long_path).map((e) => e.lower_case_long_path);
    const traces = table(insights, 'Application Data: Application Traces')
      .filter((r) => r['Source'] === 'Amcache File')
      .map((r) => r['Item']);
    expect(traces.sort()).toEqual(files.sort());
  });
});
