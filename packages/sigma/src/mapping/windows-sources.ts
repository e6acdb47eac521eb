/**
 * Windows logsource mapping, as data: which channel / provider / event ids a Sigma logsource
 * reads, and how Sigma's (Sysmon-style) field names and values translate for non-Sysmon sources.
 * Sources: the Sigma taxonomy appendix, Sysmon's event ids, and the Security-audit renames that
 * Hayabusa and pySigma's Windows pipelines apply (4688 ↔ Sysmon 1, 5156 ↔ Sysmon 3, 4657 ↔ Sysmon 13).
 */

/** `service` → channels. */
export const WINDOWS_SERVICES: Readonly<Record<string, readonly string[]>> = {
  security: ['Security'],
  system: ['System'],
  application: ['Application'],
  sysmon: ['Microsoft-Windows-Sysmon/Operational'],
  powershell: ['Microsoft-Windows-PowerShell/Operational', 'PowerShellCore/Operational'],
  'powershell-classic': ['Windows PowerShell'],
  taskscheduler: ['Microsoft-Windows-TaskScheduler/Operational'],
  wmi: ['Microsoft-Windows-WMI-Activity/Operational'],
  dhcp: ['Microsoft-Windows-DHCP-Server/Operational'],
  'printservice-admin': ['Microsoft-Windows-PrintService/Admin'],
  'printservice-operational': ['Microsoft-Windows-PrintService/Operational'],
  'smbclient-security': ['Microsoft-Windows-SmbClient/Security'],
  'smbclient-connectivity': ['Microsoft-Windows-SmbClient/Connectivity'],
  'smbserver-connectivity': ['Microsoft-Windows-SMBServer/Connectivity'],
  'terminalservices-localsessionmanager': ['Microsoft-Windows-TerminalServices-LocalSessionManager/Operational'],
  'codeintegrity-operational': ['Microsoft-Windows-CodeIntegrity/Operational'],
  applocker: [
    'Microsoft-Windows-AppLocker/MSI and Script',
    'Microsoft-Windows-AppLocker/EXE and DLL',
    'Microsoft-Windows-AppLocker/Packaged app-Deployment',
    'Microsoft-Windows-AppLocker/Packaged app-Execution',
  ],
  'msexchange-management': ['MSExchange Management'],
  windefend: ['Microsoft-Windows-Windows Defender/Operational'],
  'firewall-as': ['Microsoft-Windows-Windows Firewall With Advanced Security/Firewall'],
  'bits-client': ['Microsoft-Windows-Bits-Client/Operational'],
  'security-mitigations': ['Microsoft-Windows-Security-Mitigations/Kernel Mode', 'Microsoft-Windows-Security-Mitigations/User Mode'],
  'diagnosis-scripted': ['Microsoft-Windows-Diagnosis-Scripted/Operational'],
  'shell-core': ['Microsoft-Windows-Shell-Core/Operational'],
  openssh: ['OpenSSH/Operational'],
  ldap: ['Microsoft-Windows-LDAP-Client/Debug'],
  bitlocker: ['Microsoft-Windows-BitLocker/BitLocker Management'],
  vhdmp: ['Microsoft-Windows-VHDMP-Operational'],
  'appxdeployment-server': ['Microsoft-Windows-AppXDeploymentServer/Operational'],
  'lsa-server': ['Microsoft-Windows-LSA/Operational'],
  'appxpackaging-om': ['Microsoft-Windows-AppxPackaging/Operational'],
  'dns-client': ['Microsoft-Windows-DNS Client Events/Operational', 'Microsoft-Windows-DNS-Client/Operational'],
  'dns-server': ['DNS Server'],
  'dns-server-analytic': ['Microsoft-Windows-DNSServer/Analytical'],
  'dns-server-audit': ['Microsoft-Windows-DNSServer/Audit'],
  'appmodel-runtime': ['Microsoft-Windows-AppModel-Runtime/Admin'],
  capi2: ['Microsoft-Windows-CAPI2/Operational'],
  'certificateservicesclient-lifecycle-system': ['Microsoft-Windows-CertificateServicesClient-Lifecycle-System/Operational'],
  'kernel-shimengine': ['Microsoft-Windows-Kernel-ShimEngine/Operational', 'Microsoft-Windows-Kernel-ShimEngine/Diagnostic'],
  'application-experience': [
    'Microsoft-Windows-Application-Experience/Program-Telemetry',
    'Microsoft-Windows-Application-Experience/Program-Compatibility-Assistant',
  ],
  ntfs: ['Microsoft-Windows-Ntfs/Operational'],
  ntlm: ['Microsoft-Windows-NTLM/Operational'],
  'hyper-v-worker': ['Microsoft-Windows-Hyper-V-Worker-Admin'],
  'kernel-event-tracing': ['Microsoft-Windows-Kernel-EventTracing/Admin'],
  sense: ['Microsoft-Windows-SENSE/Operational'],
  'servicebus-client': ['Microsoft-ServiceBus-Client/Admin', 'Microsoft-ServiceBus-Client/Operational'],
  'microsoft-servicebus-client': ['Microsoft-ServiceBus-Client/Admin', 'Microsoft-ServiceBus-Client/Operational'],
  'iis-configuration': ['Microsoft-IIS-Configuration/Operational'],
  'driver-framework': ['Microsoft-Windows-DriverFrameworks-UserMode/Operational'],
  'smbclient-smb': ['Microsoft-Windows-SmbClient/Security'],
  'user-device-registration': ['Microsoft-Windows-User Device Registration/Admin'],
  'terminalservices-remoteconnectionmanager': ['Microsoft-Windows-TerminalServices-RemoteConnectionManager/Operational'],
};

/** One concrete event source a category reads. */
export interface CategorySource {
  service: string;
  eventIds: readonly number[];
  /** Key of FIELD_MAPS when the source names fields differently from Sigma's taxonomy. */
  fieldMap?: string;
}

const sysmon = (...eventIds: number[]): CategorySource => ({ service: 'sysmon', eventIds });

/** `category` → sources (for product windows). */
export const WINDOWS_CATEGORIES: Readonly<Record<string, readonly CategorySource[]>> = {
  process_creation: [sysmon(1), { service: 'security', eventIds: [4688], fieldMap: 'security-4688' }],
  file_change: [sysmon(2)],
  network_connection: [sysmon(3), { service: 'security', eventIds: [5156], fieldMap: 'security-5156' }],
  sysmon_status: [sysmon(4, 16)],
  process_termination: [sysmon(5)],
  driver_load: [sysmon(6)],
  image_load: [sysmon(7)],
  create_remote_thread: [sysmon(8)],
  raw_access_thread: [sysmon(9)],
  raw_access_read: [sysmon(9)],
  process_access: [sysmon(10)],
  file_event: [sysmon(11)],
  registry_event: [sysmon(12, 13, 14)],
  registry_add: [sysmon(12)],
  registry_delete: [sysmon(12)],
  registry_set: [sysmon(13), { service: 'security', eventIds: [4657], fieldMap: 'security-4657' }],
  registry_rename: [sysmon(14)],
  create_stream_hash: [sysmon(15)],
  pipe_created: [sysmon(17, 18)],
  wmi_event: [sysmon(19, 20, 21)],
  dns_query: [sysmon(22)],
  file_delete: [sysmon(23, 26)],
  clipboard_change: [sysmon(24)],
  process_tampering: [sysmon(25)],
  file_delete_detected: [sysmon(26)],
  file_block_executable: [sysmon(27)],
  file_block_shredding: [sysmon(28)],
  file_executable_detected: [sysmon(29)],
  sysmon_error: [sysmon(255)],
  ps_module: [{ service: 'powershell', eventIds: [4103] }],
  ps_script: [{ service: 'powershell', eventIds: [4104] }],
  ps_classic_start: [{ service: 'powershell-classic', eventIds: [400] }],
  ps_classic_provider_start: [{ service: 'powershell-classic', eventIds: [600] }],
  ps_classic_script: [{ service: 'powershell-classic', eventIds: [800] }],
  antivirus: [
    {
      service: 'windefend',
      eventIds: [1006, 1007, 1008, 1009, 1010, 1011, 1012, 1017, 1018, 1019, 1115, 1116],
      fieldMap: 'windefend-antivirus',
    },
  ],
};

/** How one Sigma field reads in a mapped source. */
export interface FieldRule {
  /** Record field name; several names joined by `join` form a composite value. */
  field: string | readonly string[];
  join?: string;
  /** Exact value translations (case-insensitive keys). */
  values?: Readonly<Record<string, string | readonly string[]>>;
  /** Value prefix translations, applied to values that start with the key. */
  prefixes?: Readonly<Record<string, string>>;
  /** A named conversion of numeric values (see value-transforms in windows-mapping.ts). */
  convert?: 'decimal-to-hex';
}

export interface FieldMap {
  description: string;
  /** Sigma field → record field. Fields not listed here are not present in this source… */
  fields: Readonly<Record<string, string | FieldRule>>;
  /** …unless the source also carries Sigma's names unchanged. */
  passthrough?: boolean;
}

const INTEGRITY_LEVELS = {
  untrusted: 'S-1-16-0',
  low: 'S-1-16-4096',
  medium: 'S-1-16-8192',
  'medium plus': 'S-1-16-8448',
  high: 'S-1-16-12288',
  system: 'S-1-16-16384',
  'protected process': 'S-1-16-20480',
};

const REGISTRY_ROOTS = {
  'HKLM\\': '\\REGISTRY\\MACHINE\\',
  'HKU\\': '\\REGISTRY\\USER\\',
  'HKCR\\': '\\REGISTRY\\MACHINE\\SOFTWARE\\Classes\\',
};

export const FIELD_MAPS: Readonly<Record<string, FieldMap>> = {
  'security-4688': {
    description: 'Security 4688 (A new process has been created) read as process_creation',
    fields: {
      CommandLine: 'CommandLine',
      Image: 'NewProcessName',
      ParentImage: 'ParentProcessName',
      ProcessId: { field: 'NewProcessId', convert: 'decimal-to-hex' },
      ParentProcessId: { field: 'ProcessId', convert: 'decimal-to-hex' },
      User: 'TargetUserName',
      LogonId: 'TargetLogonId',
      SubjectUserName: 'SubjectUserName',
      SubjectDomainName: 'SubjectDomainName',
      SubjectLogonId: 'SubjectLogonId',
      TokenElevationType: 'TokenElevationType',
      IntegrityLevel: { field: 'MandatoryLabel', values: INTEGRITY_LEVELS },
    },
  },
  'security-5156': {
    description: 'Security 5156 (Windows Filtering Platform permitted a connection) read as network_connection',
    fields: {
      Image: 'Application',
      ProcessId: 'ProcessID',
      SourceIp: 'SourceAddress',
      SourcePort: 'SourcePort',
      DestinationIp: 'DestAddress',
      DestinationPort: 'DestPort',
      Protocol: { field: 'Protocol', values: { tcp: '6', udp: '17', icmp: '1', icmpv6: '58' } },
      Initiated: { field: 'Direction', values: { true: '%%14593', false: '%%14592' } },
    },
  },
  'security-4657': {
    description: 'Security 4657 (A registry value was modified) read as registry_set',
    fields: {
      TargetObject: { field: ['ObjectName', 'ObjectValueName'], join: '\\', prefixes: REGISTRY_ROOTS },
      Details: 'NewValue',
      Image: 'ProcessName',
      ProcessId: { field: 'ProcessId', convert: 'decimal-to-hex' },
      EventType: { field: 'OperationType', values: { setvalue: ['%%1904', '%%1905'], deletevalue: '%%1906' } },
    },
  },
  'windefend-antivirus': {
    description: 'Microsoft Defender detections read as antivirus',
    passthrough: true,
    fields: {
      Signature: 'ThreatName',
      Filename: 'Path',
      Action: 'ActionName',
      Severity: 'SeverityName',
      Category: 'CategoryName',
      User: 'DetectionUser',
    },
  },
};

/**
 * Sigma names of the System section's values, the header every Windows record carries: elements by
 * name, attribute-only elements as `<Element>_<Attribute>`, and `TimeCreated` for its SystemTime.
 * They resolve from Event/System only (see WindowsEvent in event.ts) and no source's field map
 * renames them. Execution's ids are only `Execution_ProcessID`/`Execution_ThreadID`: a bare
 * `ProcessID` is event data (Security 5156 and many providers have one).
 */
export const WINDOWS_SYSTEM_FIELDS: readonly string[] = [
  'Provider_Name',
  'Provider_Guid',
  'Provider_EventSourceName',
  'EventID',
  'Version',
  'Level',
  'Task',
  'Opcode',
  'Keywords',
  'TimeCreated',
  'TimeCreated_SystemTime',
  'EventRecordID',
  'Correlation_ActivityID',
  'Correlation_RelatedActivityID',
  'Execution_ProcessID',
  'Execution_ThreadID',
  'Execution_ProcessorID',
  'Execution_SessionID',
  'Execution_KernelTime',
  'Execution_UserTime',
  'Execution_ProcessorTime',
  'Channel',
  'Computer',
  'Security_UserID',
];
