// HTTPS for phones on the event network. Browsers give the camera only to secure pages, and
// http://{LAN address} is not one (http://localhost is, so a kiosk on the laptop needs none of
// this). The certificate is the operator's (BOOTH_TLS_CERT/BOOTH_TLS_KEY) or a self-signed one
// made here, kept in the data folder and made again when it expires or no longer names one of
// this machine's addresses (a laptop gets a new address at every venue).
import { X509Certificate, createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import type { HttpsSettings } from '../process/settings.ts';

export interface TlsMaterial {
  key: string;
  cert: string;
  selfSigned: boolean;
}

const SELF_SIGNED_DAYS = 397; // the longest validity Apple's browsers accept for a server certificate
const RENEW_BEFORE_MS = 7 * 24 * 3600 * 1000;

/** This machine's IPv4 addresses on the network (not loopback). */
export function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => i!.address);
}

export async function loadTls(settings: HttpsSettings, dataDir: string): Promise<TlsMaterial> {
  if (settings.certFile && settings.keyFile) return readOperatorFiles(settings.certFile, settings.keyFile);
  return selfSigned(path.join(dataDir, 'tls'));
}

function readOperatorFiles(certFile: string, keyFile: string): TlsMaterial {
  const read = (file: string, name: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${name} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  };
  const cert = read(certFile, 'BOOTH_TLS_CERT');
  const key = read(keyFile, 'BOOTH_TLS_KEY');
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw new Error(`BOOTH_TLS_CERT ${certFile} is not a PEM certificate`);
  }
  let matches: boolean;
  try {
    matches = x509.checkPrivateKey(createPrivateKey(key));
  } catch {
    throw new Error(`BOOTH_TLS_KEY ${keyFile} is not a PEM private key (or it needs a passphrase)`);
  }
  if (!matches) throw new Error(`BOOTH_TLS_KEY ${keyFile} is not the key of the certificate in ${certFile}`);
  if (Date.parse(x509.validTo) < Date.now())
    throw new Error(`the certificate in ${certFile} expired on ${x509.validTo}`);
  return { cert, key, selfSigned: false };
}

/** Names a phone may use to reach this machine: loopback, the host name, every LAN address. */
function wantedNames() {
  const host = os.hostname().toLowerCase();
  const dns = ['localhost', ...(/^[a-z0-9-]+$/.test(host) ? [host, `${host}.local`] : [])];
  return { dns, ips: ['127.0.0.1', '::1', ...lanAddresses()] };
}

function stillGood(x509: X509Certificate, names: ReturnType<typeof wantedNames>) {
  if (Date.parse(x509.validTo) - Date.now() < RENEW_BEFORE_MS) return false;
  return (
    names.ips.every((ip) => x509.checkIP(ip) !== undefined) &&
    names.dns.every((dns) => x509.checkHost(dns) !== undefined)
  );
}

async function selfSigned(dir: string): Promise<TlsMaterial> {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const names = wantedNames();
  try {
    const cert = fs.readFileSync(certFile, 'utf8');
    const key = fs.readFileSync(keyFile, 'utf8');
    const x509 = new X509Certificate(cert);
    if (stillGood(x509, names) && x509.checkPrivateKey(createPrivateKey(key))) {
      return { cert, key, selfSigned: true };
    }
  } catch {
    // Missing or unreadable: made again below.
  }
  const notBeforeDate = new Date(Date.now() - 3600 * 1000); // a phone's clock a little behind still accepts it
  const notAfterDate = new Date(notBeforeDate.getTime() + SELF_SIGNED_DAYS * 24 * 3600 * 1000);
  const pems = await generate(
    [
      { name: 'commonName', value: 'AI Photo Booth' },
      { name: 'organizationName', value: 'AI Photo Booth (self-signed)' },
    ],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate,
      notAfterDate,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            ...names.dns.map((value) => ({ type: 2 as const, value })),
            ...names.ips.map((ip) => ({ type: 7 as const, ip })),
          ],
        },
      ],
    },
  );
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile, pems.cert);
  return { cert: pems.cert, key: pems.private, selfSigned: true };
}
