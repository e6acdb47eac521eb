import { describe, expect, test } from 'vitest';
import { privateAddressReason } from '../src/addresses.js';

describe('privateAddressReason', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['10.1.2.3', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.1.1', 'private (RFC 1918)'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared address space (CGNAT, RFC 6598)'],
    ['100.127.255.255', 'shared address space (CGNAT, RFC 6598)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:169.254.169.254', 'link-local (IPv4 inside IPv6)'],
    ['::ffff:10.0.0.1', 'private (RFC 1918) (IPv4 inside IPv6)'],
    ['::127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['64:ff9b::a9fe:a9fe', 'link-local (IPv4 inside IPv6)'],
    ['2002:c0a8:0101::1', 'private (RFC 1918) (IPv4 inside IPv6)'],
    ['localhost', 'not an IP address'],
    ['1.2.3', 'not an IP address'],
  ])('%s is refused: %s', (ip, reason) => {
    expect(privateAddressReason(ip)).toBe(reason);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '11.0.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    'fec0::1'.replace('fec0', 'fbff'),
    '2002:0808:0808::1',
  ])('%s is public', (ip) => {
    expect(privateAddressReason(ip)).toBeNull();
  });
});
