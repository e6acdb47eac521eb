'use client';

import { Badge, Group, NavLink, Text } from '@mantine/core';
import { useScrollSpy } from '@mantine/hooks';
import { IMPORTANCE_COLOR } from '../../lib/importance';
import type { ResultType } from '../../lib/result-types';

/** Result types grouped by the analyzer that made them, in page order. */
function groups(types: readonly ResultType[]): { name: string; types: ResultType[] }[] {
  const out: { name: string; types: ResultType[] }[] = [];
  for (const t of types) {
    const last = out[out.length - 1];
    if (last?.name === t.group) last.types.push(t);
    else out.push({ name: t.group, types: [t] });
  }
  return out;
}

/** A title without its group's name (`Process Analysis: PowerShell`, `Registry · Persistence: Run Keys`). */
function ownTitle(title: string, group: string): string {
  for (const sep of [': ', ' · ']) if (title.startsWith(group + sep)) return title.slice(group.length + sep.length);
  return title;
}

/** Heading ids are `<section id>-title` (InsightCard). */
const HEADING_SELECTOR = '[data-section-heading]';

/**
 * The sticky table of contents: the summary's parts, then every result type under its analyzer,
 * with its size and how many Critical/High rows it holds; the section in view is marked.
 */
export function JobToc({ types, extras }: { types: ResultType[]; extras: { id: string; label: string }[] }) {
  const spy = useScrollSpy({ selector: HEADING_SELECTOR, offset: 90 });
  const activeId = spy.data[spy.active]?.id.replace(/-title$/, '');
  return (
    <nav aria-label="Sections of this job">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs" mb={4}>
        On this page
      </Text>
      {extras.map((e) => (
        <NavLink key={e.id} href={`#${e.id}`} label={e.label} py={4} />
      ))}
      {groups(types).map((g) => (
        <div key={g.name} role="group" aria-label={g.name}>
          <Text size="xs" fw={700} px="xs" mt="sm" mb={2} style={{ overflowWrap: 'anywhere' }}>
            {g.name}
          </Text>
          {g.types.map((t) => {
            const urgent = t.rows.filter((r) => r.importance === 'Critical' || r.importance === 'High').length;
            const critical = t.rows.some((r) => r.importance === 'Critical');
            const label = t.title === g.name ? (g.types.length > 1 ? 'Summary' : t.title) : ownTitle(t.title, g.name);
            return (
              <NavLink
                key={t.id}
                href={`#${t.id}`}
                active={t.id === activeId}
                py={3}
                pl="md"
                aria-label={t.title}
                label={<span style={{ overflowWrap: 'anywhere' }}>{label}</span>}
                rightSection={
                  <Group gap={4} wrap="nowrap">
                    {urgent > 0 && (
                      <Badge
                        size="xs"
                        circle={urgent < 10}
                        color={critical ? IMPORTANCE_COLOR.Critical : IMPORTANCE_COLOR.High}
                        title={`${urgent} Critical or High`}
                      >
                        {urgent}
                      </Badge>
                    )}
                    {t.size !== null && (
                      <Text size="xs" c="dimmed" title={`${t.size} ${t.kind === 'Metadata' ? 'keys' : t.kind === 'Timeline' ? 'entries' : 'rows'}`}>
                        {t.size.toLocaleString('en-US')}
                      </Text>
                    )}
                  </Group>
                }
              />
            );
          })}
        </div>
      ))}
    </nav>
  );
}
