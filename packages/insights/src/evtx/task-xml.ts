/** Fields of a scheduled task's XML (4698/4702 TaskContent), XML entities decoded. */
export interface TaskXml {
  command: string;
  arguments: string;
  userId: string;
  runLevel: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? _),
  );
}

const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'i').exec(xml);
  return m ? decodeEntities(m[1]!.trim()) : '';
};

export function parseTaskXml(xml: string): TaskXml {
  // Several <Exec> actions: each command with its arguments.
  const execs = [...xml.matchAll(/<Exec>([\s\S]*?)<\/Exec>/gi)].map((m) => m[1]!);
  const commands = execs.map((e) => tag(e, 'Command'));
  const args = execs.map((e) => tag(e, 'Arguments'));
  return {
    command: commands.join(' ; ') || (/<ComHandler>/i.test(xml) ? `COM ${tag(xml, 'ClassId')}` : ''),
    arguments: args.filter(Boolean).join(' ; '),
    userId: tag(xml, 'UserId'),
    runLevel: tag(xml, 'RunLevel'),
  };
}
