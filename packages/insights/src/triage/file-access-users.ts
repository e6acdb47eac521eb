import type { ArtifactType } from '@quarry/vocabulary';
import type { HostState } from './host-state.js';

/** Member name -> profile user, from the member type's outcomes (the layout's `Users/<name>/`). */
export function memberUsers(state: HostState, type: ArtifactType): Map<string, string> {
  const users = new Map<string, string>();
  for (const m of state.results.get(type)?.members ?? []) if (m.member.user) users.set(m.member.name, m.member.user);
  return users;
}

/**
 * The user a member belongs to: the collection's own word for it, else a `Users\<name>\` (or
 * `Documents and Settings\<name>\`) folder in its name; null when neither says.
 */
export function userOfMember(users: ReadonlyMap<string, string>, member: string): string | null {
  const known = users.get(member);
  if (known) return known;
  const m = /(?:^|[\\/])(?:Users|Documents and Settings)[\\/]([^\\/]+)[\\/]/i.exec(member);
  return m?.[1] ?? null;
}
