import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolPath } from './tools.js';

export interface TestCert {
  /** The PEM file: what NODE_EXTRA_CA_CERTS names to trust it. */
  certFile: string;
  cert: string;
  key: string;
}

/**
 * A fresh self-signed certificate (P-256, valid two days) made by openssl in `dir`, for the
 * names in `subjectAltName` (`IP:127.0.0.1`, `DNS:other.example`).
 */
export function selfSignedCert(dir: string, name: string, subjectAltName: string): TestCert {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  execFileSync(
    toolPath('openssl'),
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=domainctl test ${name}`,
      '-addext',
      `subjectAltName=${subjectAltName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { certFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}
