// Builds the running booth from its settings: storage, seed, engine workers, job runner and app.
import { createApp } from '../hosts/app.ts';
import { ENGINE_WORKER, offeredStyles, startEngines } from '../run/engines.ts';
import { startRetention } from '../embedded/retention.ts';
import { PublishedFrames } from '../brand/frames.ts';
import { refusedWordsOf, resultSecondsOf } from '../brand/tenant-branding.ts';
import { inputsOfStyles } from '../engine/styles-file.ts';
import { LEADS_PER_VISITOR_PER_MINUTE } from '../hosts/leads.ts';
import { LocalJobs } from '../embedded/local-jobs.ts';
import { startScalePath } from './scale-path.ts';
import { startBoothWall } from './booth-wall.ts';
import { startBoothMail } from './booth-mail.ts';
import { aiHubOf, UPLOAD_READER_THREADS } from './ai-hub.ts';
import type { RoleProcess } from './role.ts';
import { FrameMirror } from '../brand/frame-mirror.ts';
import { JobRunner } from '../embedded/runner.ts';
import { JobWaiters } from '../jobs/waiters.ts';
import { UploadReaders } from '../intake/upload-readers.ts';
import { DEFAULT_SERVICE_PASSWORD } from '../../contract/index.ts';
import { loadJwtSecret } from '../auth/jwt.ts';
import { VisitorTokens, visitorKey } from '../limits/visitor-tokens.ts';
import { LoginThrottle } from '../limits/login-throttle.ts';
import { log } from '../process/log.ts';
import { seed } from '../seed/seed.ts';
import type { Settings } from '../process/settings.ts';
import { openDatabase } from '../storage/database.ts';
import { FileStore } from '../storage/files.ts';
import { JobEvents } from '../storage/job-events.ts';
import { LocalEventJobs } from '../jobs/event-jobs.ts';
import { RedisEventJobs } from '../scale/redis-event-jobs.ts';
import { JobStore } from '../storage/jobs.ts';
import { AccountStore } from '../storage/accounts.ts';
import { SessionStore } from '../storage/sessions.ts';
import { StyleStore } from '../storage/styles.ts';
import { TenantStore } from '../storage/tenants.ts';
import { buildEnvOf, siteDataFileOf, type ServerAddresses } from '../publish/build-env.ts';
import { PublishedSite } from '../publish/published.ts';
import { TenantBundles } from '../publish/bundles.ts';
import { Publisher } from '../publish/runs.ts';
import path from 'node:path';

export async function startBooth(settings: Settings, workerScript: URL = ENGINE_WORKER): Promise<RoleProcess> {
  const offered = offeredStyles(settings);

  const db = openDatabase(settings.dataDir);
  const tenants = new TenantStore(db);
  const styles = new StyleStore(db);
  const jobs = new JobStore(db);
  const files = new FileStore(settings.dataDir);
  const secret = loadJwtSecret(settings.dataDir, settings.jwtSecret);
  styles.sync(offered.styles);
  seed(tenants, settings.datasetId, settings.tenantAssetsDir);
  // Hand-edited rows are checked before any worker starts, so a typo stops the start with its tenant named.
  tenants.check(settings.datasetId);

  const engines = startEngines(settings, offered, workerScript);
  const { pool } = engines;
  const waiters = new JobWaiters();
  const runner = new JobRunner({ ...engines, jobs, files, waiters });
  const recovered = runner.recover();
  if (recovered > 0) log(`recovery: ${recovered} unfinished job(s) from the last run`);
  const stopRetention = startRetention(jobs, files, settings.retentionSeconds);
  const uploadReaders = new UploadReaders(UPLOAD_READER_THREADS, settings.maxBodyBytes);
  // With BOOTH_REDIS_URL set, this process's jobs go through the shared queue and store, and its
  // engines take jobs from it like any worker's (docs/deploy.md).
  const scale = settings.scale ? startScalePath(settings, settings.scale, { api: true, engines }) : null;
  const localJobs = scale
    ? null
    : new LocalJobs({ jobs, files, runner, waiters, retentionSeconds: settings.retentionSeconds });
  const jobBackend = scale?.jobs ?? localJobs!;
  // This node has the tenant store: it copies each tenant's brand frame to the shared store, for
  // API nodes and workers (docs/deploy.md), and reads them from there like any API node.
  // A tenant's finish on its results is the one its published pages show (brand/job-frame.ts).
  const siteDataFile = siteDataFileOf();
  const published = new PublishedSite(siteDataFile);
  const mirror =
    scale &&
    new FrameMirror({
      store: scale.store,
      tenants,
      datasetId: settings.datasetId,
      tenantAssetsDir: settings.tenantAssetsDir,
      published,
      log,
      changed: (slug) => scale.frames!.forget(slug),
    });
  mirror?.start();
  // The console's event view reads the jobs where they are: SQLite rows, or Redis and S3.
  const redisEvents =
    scale && new RedisEventJobs(settings.scale!, scale.store, { retentionSeconds: settings.retentionSeconds, log });
  const jobEvents =
    redisEvents ??
    new LocalEventJobs({
      events: new JobEvents(db),
      jobs,
      files,
      local: localJobs!,
      workers: settings.workers,
      retentionSeconds: settings.retentionSeconds,
    });
  const wall = startBoothWall(settings, { db, tenants, published, scale, jobEvents });

  // One throttle for service logins and console sign-ins: guesses count against both.
  const throttle = new LoginThrottle(settings.loginAttempts, settings.loginWindowSeconds * 1000);
  const defaultPassword = settings.servicePassword === DEFAULT_SERVICE_PASSWORD;
  // A publish builds against this server itself, known once it listens (main.ts calls listening()).
  let addresses: ServerAddresses | null = null;
  const buildEnv = () => (addresses ? buildEnvOf(settings.siteDir, addresses) : null);
  // After a publish, the store's copies of the finishes follow the pages at once.
  const publisher = new Publisher({
    buildEnv,
    siteDataFile,
    ...(mirror
      ? {
          published: () => {
            void mirror.syncAll();
            void wall.tenantsChanged();
            void mail.tenantsChanged();
          },
        }
      : {}),
  });
  const bundles = new TenantBundles({
    dir: path.join(settings.dataDir, 'bundles'),
    siteDataFile,
    siteDir: settings.siteDir,
    buildEnv,
  });
  const tenantLookup = { tenants, datasetId: settings.datasetId, published };
  const visitorTokens = new VisitorTokens(visitorKey(settings.visitorSecret ?? secret));
  const mail = startBoothMail(settings, { db, jobs, files, tenants, tenantLookup, visitorTokens, scale });
  const { leads, sendsMail } = mail;
  const app = createApp({
    lingerBytes: Math.max(settings.maxBodyBytes, settings.consoleImageBytes, settings.consoleVideoBytes),
    auth: {
      username: settings.serviceUsername,
      password: settings.servicePassword,
      defaultPassword,
      secret,
      ttlSeconds: settings.jwtTtlSeconds,
      throttle,
      trustedProxies: settings.trustedProxies,
    },
    admin: {
      accounts: new AccountStore(db, { username: settings.serviceUsername, password: settings.servicePassword }),
      sessions: new SessionStore(db, settings.consoleSessionHours * 3600 * 1000),
      tenants,
      styles,
      datasetId: settings.datasetId,
      extraReserved: [settings.proxySignature],
      tenantAssetsDir: settings.tenantAssetsDir,
      throttle,
      trustedProxies: settings.trustedProxies,
      publicUrl: settings.publicUrl,
      defaultPassword,
      uploads: {
        imageBytes: settings.consoleImageBytes,
        videoBytes: settings.consoleVideoBytes,
        maxPixels: settings.maxPixels,
      },
      publish: { publisher, siteDataFile, bundles, sendsMail },
      published,
      siteDir: settings.siteDir,
      events: wall.events,
      wall: { walls: wall.walls, jobs: wall.jobs, bus: wall.bus },
      leads: {
        leads: leads.store,
        // The email figures: counted where messages are sent (this node, on either path).
        ...(sendsMail ? { mail: leads.mail } : {}),
        forgetTenant: leads.forgetTenant,
      },
      ...(mirror
        ? {
            tenantChanged: (slug: string) =>
              Promise.all([mirror.sync(slug), wall.tenantsChanged(), ...mail.tenantsChanged()]),
          }
        : {}),
    },
    content: { secret, datasetId: settings.datasetId, tenants, sendsMail },
    jobEmail: mail.jobEmail,
    leads: {
      settings: leads.settings,
      store: leads.add,
      visitors: visitorTokens,
      trustedProxies: settings.trustedProxies,
      perVisitor: LEADS_PER_VISITOR_PER_MINUTE,
      // On the scale-out path counted in Redis, with the API nodes' leads.
      ...(mail.limits ? { limits: mail.limits } : {}),
    },
    // The brand frame of a job's tenant, from this node's tenant store (from the shared store on the scale-out path).
    aiHub: {
      ...aiHubOf(
        settings,
        styles,
        jobBackend,
        uploadReaders,
        visitorTokens,
        scale ? scale.frames! : new PublishedFrames(tenantLookup),
        scale?.venues ?? undefined,
      ),
      // A tenant's own retention, fixed on each job when it is created, on either path.
      resultSeconds: (tenant: string | null) => resultSecondsOf(tenantLookup, tenant),
      inputsOf: inputsOfStyles(offered.styles),
      refusedWords: (tenant: string | null) => refusedWordsOf(tenantLookup, tenant),
    },
    wall: { walls: wall.walls, jobs: wall.jobs, bus: wall.bus, feeds: wall.feeds, publicUrl: settings.publicUrl },
    media: {
      jobs,
      files,
      styles,
      tenantAssetsDir: settings.tenantAssetsDir,
      retentionSeconds: settings.retentionSeconds,
    },
    imageProxy: {
      sources: settings.proxySources,
      cacheBytes: settings.proxyCacheBytes,
      maxPixels: settings.maxPixels,
      key: settings.proxyKey,
      concurrency: settings.proxyConcurrency,
      trustedProxies: settings.trustedProxies,
    },
    proxySignature: settings.proxySignature,
    siteDir: settings.siteDir,
  });

  async function close() {
    await publisher.close();
    runner.stop();
    stopRetention();
    await wall.close();
    await mail.close();
    mirror?.stop();
    await redisEvents?.close();
    await scale?.close();
    await Promise.all([pool.close(), uploadReaders.close()]);
    db.close();
  }
  const listening = (at: ServerAddresses) => {
    addresses = at;
  };
  return { app, close, listening };
}
