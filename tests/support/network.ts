// This machine's first network (non-loopback) IPv4 address: what a phone on the same Wi-Fi would
// open. Undefined on a machine with none, where tests that need one are skipped.
import os from 'node:os';

export const lanAddress: string | undefined = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
