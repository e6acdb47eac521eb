'use client';

import { AppShell, Group, NavLink, Title, Anchor, Text } from '@mantine/core';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { SessionBadge } from './SessionBadge';
import { TemporalLink } from './TemporalLink';

const NAV = [
  { href: '/', label: 'Sign in' },
  { href: '/evidence', label: 'Evidence' },
  { href: '/jobs', label: 'Jobs' },
  { href: '/search', label: 'Search' },
  { href: '/lookup', label: 'Lookups' },
  { href: '/rules', label: 'Rules' },
  { href: '/webhooks', label: 'Webhooks' },
] as const;

/** The frame of every page: header with the session, navigation on the left. */
export function Shell({ children }: { children: ReactNode }) {
  const path = usePathname();
  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 190, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="xs">
            <Anchor component={Link} href="/" underline="never" c="inherit">
              <Title order={3}>Quarry</Title>
            </Anchor>
            <Text c="dimmed" size="sm" visibleFrom="sm">
              forensic analysis of Windows evidence
            </Text>
          </Group>
          <SessionBadge />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main">
        {NAV.map((item) => (
          <NavLink
            key={item.href}
            component={Link}
            href={item.href}
            label={item.label}
            active={item.href === '/' ? path === '/' : path.startsWith(item.href)}
          />
        ))}
        <TemporalLink />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
