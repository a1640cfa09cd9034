// A worker of a scale-out deployment (role.ts): engines taking jobs from the queue and a health
// endpoint, no site, nothing kept on its own disk, so any of them can die and another takes over.
import { createApp } from '../hosts/app.ts';
import { offeredStyles, startEngines } from '../run/engines.ts';
import type { ScaleSettings } from '../scale/settings.ts';
import type { Settings } from '../process/settings.ts';
import type { RoleProcess } from './role.ts';
import { startScalePath } from './scale-path.ts';

export function startWorkerNode(settings: Settings, scale: ScaleSettings): RoleProcess {
  const engines = startEngines(settings, offeredStyles(settings));
  const path = startScalePath(settings, scale, { api: false, engines });
  const app = createApp({
    // Unhealthy while it cannot reach the queue: it takes no job then (it reconnects by itself).
    health: async () => ({ ok: await path.worker!.healthy(), role: 'worker' }),
  });
  return {
    app,
    async close() {
      await path.close();
      await engines.pool.close();
    },
  };
}
