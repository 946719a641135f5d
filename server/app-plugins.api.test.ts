import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.ts';
import { migrateToLatest } from './db/migrate.ts';
import { apiRoutes } from './plugins/api-routes.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { routeConcerns } from './plugins/feature-routes.ts';
import { routeAccess } from './plugins/route-access.ts';
import { createShop, type Shop } from './shop.ts';
import { createTestApp, testSettings } from './test/test-app.ts';
import { createTestDatabase, type TestDatabase } from './test/test-database.ts';

describe("the app's plugins", () => {
  let database: TestDatabase;
  let dataDir: string;
  let shop: Shop;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-data-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...testSettings }, path.join(dataDir, 'no-web-build'));
    shop = createShop(config, { database, logger: false });
  });

  afterAll(async () => {
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are each named, so that the ones after them can name what they need', async () => {
    const shopApp = await createTestApp({ seed: false });
    try {
      for (const name of [...routeConcerns, 'job-queue', 'admin-account', 'api', 'web-app']) expect(shopApp.app.hasPlugin(name), name).toBe(true);
    } finally {
      await shopApp.close();
    }
  });

  it("refuse to start when a feature's routes come before the concerns every route takes", async () => {
    const app = Fastify();
    await expect(app.register(apiRoutes, { shop, prefix: '/api' })).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: "The dependency 'zod-schemas' of plugin 'api' is not registered",
    });
    await app.close();
  });

  it('refuse to start when a concern comes before one it needs, and start once it comes after', async () => {
    const early = Fastify();
    await expect(early.register(routeAccess, { sessions: shop.sessions, shopOrigins: [] })).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: "The dependency 'error-handler' of plugin 'route-access' is not registered",
    });
    await early.close();

    const inOrder = Fastify();
    await inOrder.register(errorHandler);
    await inOrder.register(routeAccess, { sessions: shop.sessions, shopOrigins: [] });
    await expect(inOrder.ready()).resolves.toBe(inOrder);
    await inOrder.close();
  });
});
