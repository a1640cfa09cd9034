// Addresses and ports the tests listen on or point at.
import { createServer } from 'node:net';
import os from 'node:os';

// This machine's first network (non-loopback) IPv4 address: what a phone on the same Wi-Fi would
// open. Undefined on a machine with none, where tests that need one are skipped.
export const lanAddress: string | undefined = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** A loopback port nothing listens on (bound, read, released): to listen on, or to fail to reach. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
