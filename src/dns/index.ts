/**
 * DNS checks of a custom domain's records, shared by `domains check`, the UI's check and the
 * reference server's verifier. Start with `checkRecords`.
 */
export { caaBlocks, type CaaProblem, caaProblems, caaWarnings, ISSUING_CA } from './caa.js';
export {
  type CheckOptions,
  checkAcmeRecord,
  checkCnameRecord,
  checkRecords,
  checkTxtRecord,
  type DnsCheckResult,
  type RecordCheck,
  type RecordName,
  type RecordStatus,
} from './check-records.js';
export { caaLookupNames, normalizeDnsName, sameDnsName } from './names.js';
export {
  type CaaAnswer,
  caaFromNode,
  createDnsClient,
  createResolver,
  DEFAULT_DNS_TIMEOUT_MS,
  type DnsAnswer,
  type DnsClient,
  type DnsClientOptions,
  type ResolverOptions,
} from './resolver.js';
export { type DnsServerAddress, formatDnsServer, parseDnsServer } from './server-address.js';
export { cdnOfAddress, cdnOfName } from './cdn.js';
export { findZone, type Nameserver, type ZoneInfo, type ZoneLookup } from './zone.js';
export { type WireAnswer, type WireResult, wireQuery } from './wire.js';
export { type ProbeOptions, probeHttps } from './https-probe.js';
export { checkTxtAuthoritative } from './authoritative.js';
