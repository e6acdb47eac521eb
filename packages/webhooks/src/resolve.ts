import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { privateAddressReason } from './addresses.js';
import { WebhookTargetError } from './errors.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** How host names become addresses: the system resolver by default; tests give their own. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export interface AddressPolicy {
  /** QUARRY_WEBHOOK_ALLOW_PRIVATE: the operator lets webhooks reach private addresses. */
  allowPrivate: boolean;
  resolver?: Resolver;
}

/** A URL's host as a resolver takes it (brackets off an IPv6 literal). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves `host` and returns the address to connect to. Every answer must be public (unless
 * allowed): a name with one private answer among public ones is refused as a whole, since which
 * answer a connection gets is not ours to choose.
 */
export async function resolveTarget(host: string, policy: AddressPolicy): Promise<ResolvedAddress> {
  const family = isIP(host);
  const answers: ResolvedAddress[] =
    family === 0
      ? await (policy.resolver ?? systemResolver)(host).catch((err: unknown) => {
          throw new WebhookTargetError(`the host ${host} does not resolve (${(err as { code?: string }).code ?? 'no answer'})`);
        })
      : [{ address: host, family: family === 6 ? 6 : 4 }];
  const first = answers[0];
  if (!first) throw new WebhookTargetError(`the host ${host} does not resolve`);
  if (!policy.allowPrivate) {
    for (const a of answers) {
      const reason = privateAddressReason(a.address);
      if (reason) throw new WebhookTargetError(`the host ${host} resolves to a ${reason} address (${a.address}), which webhooks may not reach`);
    }
  }
  return first;
}

/**
 * A `lookup` for http(s).request that answers with one address checked beforehand: the
 * connection goes to exactly the address that was judged, so a DNS answer that changes between
 * the check and the connection (DNS rebinding) cannot redirect it.
 */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}
