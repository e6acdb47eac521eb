/** Event data as text (evtx-fields.ts eventData). */
type Data = Readonly<Record<string, string>>;

/** A pid as event data writes it: decimal (Sysmon) or `0x…` hex (Security 4688). */
function pid(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (/^0x[0-9a-f]+$/i.test(v)) return Number.parseInt(v.slice(2), 16);
  return /^\d+$/.test(v) ? Number(v) : undefined;
}

const present = (v: string | undefined): string | undefined => (v === undefined || v === '' || v === '-' ? undefined : v);

/** The last path component of a Windows or POSIX path. */
const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf('\\'), path.lastIndexOf('/')) + 1);

function compact(o: Record<string, unknown>): Record<string, unknown> | undefined {
  const out = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * `process.*` from the event data names that describe a process start, as Winlogbeat's Security
 * and Sysmon modules read them: Security 4688 (NewProcessName, NewProcessId, CommandLine;
 * ProcessId / ParentProcessName are the creator) and Sysmon (Image, ProcessId, CommandLine,
 * ParentImage, ParentProcessId, ParentCommandLine).
 */
export function processFields(d: Data): Record<string, unknown> | undefined {
  const security = d.NewProcessName !== undefined;
  const executable = present(security ? d.NewProcessName : d.Image);
  const parentExecutable = present(security ? d.ParentProcessName : d.ParentImage);
  const parent = compact({
    executable: parentExecutable,
    name: parentExecutable === undefined ? undefined : baseName(parentExecutable),
    pid: pid(security ? d.ProcessId : d.ParentProcessId),
    command_line: present(d.ParentCommandLine),
  });
  return compact({
    executable,
    name: executable === undefined ? undefined : baseName(executable),
    pid: pid(security ? d.NewProcessId : d.ProcessId),
    command_line: present(d.CommandLine),
    parent,
  });
}

/**
 * `user.*`: the account the event is about (Target…, as for logons), else the one acting
 * (Subject…), else Sysmon's `User` (`DOMAIN\name`).
 */
export function userFields(d: Data): Record<string, unknown> | undefined {
  for (const who of ['Target', 'Subject']) {
    const name = present(d[`${who}UserName`]);
    if (name !== undefined) return compact({ name, domain: present(d[`${who}DomainName`]), id: present(d[`${who}UserSid`]) });
  }
  const user = present(d.User);
  if (user === undefined) return undefined;
  const slash = user.indexOf('\\');
  return slash < 0 ? { name: user } : { name: user.slice(slash + 1), domain: user.slice(0, slash) };
}
