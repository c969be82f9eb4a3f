import { BlockList, isIP } from 'node:net';
import { normalizeDnsName } from './names.js';

/**
 * CDNs whose proxies stand in front of a customer's name. Cloudflare's proxy ("orange cloud")
 * answers with its own addresses instead of the CNAME the user created, so the name's addresses
 * are what give it away (its published ranges, cloudflare.com/ips); the others are reached
 * through a CNAME into their own domain.
 */
const CLOUDFLARE_V4 = [
  '173.245.48.0/20',
  '103.21.244.0/22',
  '103.22.200.0/22',
  '103.31.4.0/22',
  '141.101.64.0/18',
  '108.162.192.0/18',
  '190.93.240.0/20',
  '188.114.96.0/20',
  '197.234.240.0/22',
  '198.41.128.0/17',
  '162.158.0.0/15',
  '104.16.0.0/13',
  '104.24.0.0/14',
  '172.64.0.0/13',
  '131.0.72.0/22',
];
const CLOUDFLARE_V6 = [
  '2400:cb00::/32',
  '2606:4700::/32',
  '2803:f800::/32',
  '2405:b500::/32',
  '2405:8100::/32',
  '2a06:98c0::/29',
  '2c0f:f248::/32',
];

const CDN_DOMAINS: [suffix: string, name: string][] = [
  ['cdn.cloudflare.net', 'Cloudflare'],
  ['fastly.net', 'Fastly'],
  ['cloudfront.net', 'Amazon CloudFront'],
  ['akamaiedge.net', 'Akamai'],
  ['edgekey.net', 'Akamai'],
  ['edgesuite.net', 'Akamai'],
  ['azureedge.net', 'Azure CDN'],
  ['azurefd.net', 'Azure Front Door'],
  ['b-cdn.net', 'Bunny CDN'],
  ['cdn77.org', 'CDN77'],
];

let cloudflare: BlockList | undefined;

/** The CDN whose proxy has this address, or undefined. */
export function cdnOfAddress(address: string): string | undefined {
  if (!cloudflare) {
    cloudflare = new BlockList();
    for (const [ranges, type] of [
      [CLOUDFLARE_V4, 'ipv4'],
      [CLOUDFLARE_V6, 'ipv6'],
    ] as const) {
      for (const range of ranges) {
        const [net, prefix] = range.split('/') as [string, string];
        cloudflare.addSubnet(net, Number(prefix), type);
      }
    }
  }
  const family = isIP(address);
  if (family === 0) return undefined;
  return cloudflare.check(address, family === 6 ? 'ipv6' : 'ipv4') ? 'Cloudflare' : undefined;
}

/** The CDN a CNAME target belongs to, or undefined. */
export function cdnOfName(name: string): string | undefined {
  const host = normalizeDnsName(name);
  return CDN_DOMAINS.find(([suffix]) => host === suffix || host.endsWith(`.${suffix}`))?.[1];
}
