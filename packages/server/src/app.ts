import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Language, languageFromHeader } from '@shop/shared/i18n/languages';
import type { AppContext } from './app-context';
import { frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { createAuth } from './http/auth';
import { anyUserScope, shopUserScope, staffScope } from './http/route-scopes';
import { offlineRoutes } from './modules/offline/offline.routes';
import { AppError } from './http/app-error';
import { createStartupState, type StartupState } from './lib/startup-state';
import { docsCsp, registerSecurityHeaders, withSecurityHeaders } from './http/security-headers';
import { isServerRenderedPath } from '@shop/shared/ssr/ssr-contract';
import { createSsrPages, encodeHtml, loadRenderer, rendererPath } from './http/ssr-pages';
import { connectRedis, rateLimitStore, waitForRedis } from './lib/rate-limit-store';
import { healthRoutes } from './modules/health/health.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { shippingAddressesRoutes } from './modules/shipping-addresses/shipping-addresses.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { orderListsRoutes } from './modules/order-lists/order-lists.routes';
import { adminQuotesRoutes, quotesRoutes } from './modules/quotes/quotes.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { contentRoutes } from './modules/content/content.routes';
import { newsRoutes } from './modules/news/news.routes';
import { newspapersRoutes } from './modules/newspapers/newspapers.routes';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { productsRoutes } from './modules/products/products.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { companyRoutes } from './modules/company/company.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { adminAuthRoutes } from './modules/admin/admin-auth.routes';
import { adminOrdersRoutes } from './modules/admin-orders/admin-orders.routes';
import { adminLogisticsRoutes } from './modules/admin-logistics/admin-logistics.routes';
import { adminContentRoutes } from './modules/admin-content/admin-content.routes';
import { registrationsRoutes } from './modules/admin/registrations.routes';
import { staffAuditRoutes } from './modules/admin/staff-audit.routes';
import { adminCustomersRoutes } from './modules/admin-customers/admin-customers.routes';
import { adminCatalogueRoutes } from './modules/admin-catalogue/admin-catalogue.routes';
import { assortmentsRoutes } from './modules/assortments/assortments.routes';
import { integrationRoutes } from './modules/integration/integration.routes';
import { adminStatsRoutes } from './modules/admin-stats/admin-stats.routes';
import { productPhotosRoutes } from './modules/product-photos/product-photos.routes';
import { backInStockRoutes } from './modules/back-in-stock/back-in-stock.routes';
import { OutboxDispatcher } from './modules/outbox/outbox-dispatcher';
import { ExpirySweep } from './modules/approvals/expiry-sweep';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop language from Accept-Language (hu when missing or unknown). */
    language: Language;
  }
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** The process's phase (server.ts); without one the app is ready at once (tests). */
  startup?: StartupState;
  /** Run the outbox dispatcher in this app (default true). */
  outbox?: boolean;
  /** Run the expiry sweep (approval requests, quote offers) in this app (default true). */
  sweep?: boolean;
}

/** Where the built SPA lives: WEB_DIST_DIR, or packages/web/dist next to this package. */
function resolveWebDist(ctx: AppContext): string | undefined {
  const candidates = ctx.config.webDistDir
    ? [path.resolve(ctx.config.webDistDir)]
    : (() => {
        const here = path.dirname(fileURLToPath(import.meta.url));
        return [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../web/dist')];
      })();
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: ctx.config.bodyLimit,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: withSecurityHeaders(frameworkErrorHandler),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of all hooks: every answer carries the security headers, also one given early.
  await registerSecurityHeaders(app);

  app.decorateRequest('language', 'hu');
  app.decorateRequest('auth', null);
  // Until the database is reachable and migrated (and again while draining after SIGTERM) the API
  // answers 503; liveness and readiness always answer. Callback-style hooks: an async hook costs a
  // promise and a microtask on every request.
  const startup = options.startup ?? createStartupState();
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    // A NUL byte can be stored in neither database's text (PostgreSQL refuses it with 22021):
    // an API URL carrying one, in its path or its query, is refused here for every route alike.
    if (request.url.includes('%00') && (request.url === '/api' || request.url.startsWith('/api/'))) {
      return done(new AppError('ERR_VALIDATION', { field: 'url' }));
    }
    if (startup.phase === 'ready') return done();
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api/health' || url === '/api/ready') return done();
    if (url === '/api' || url.startsWith('/api/')) {
      return done(new AppError('ERR_SERVICE_UNAVAILABLE', { phase: startup.phase }));
    }
    done();
  });
  // While draining, every answer closes its connection, so the process can exit once the
  // requests in flight are answered (a kept-alive connection would hold it open).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (startup.phase === 'stopping') reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // Rate-limit counters: shared through Redis when REDIS_URL is set (lib/rate-limit-store.ts).
  const redis = ctx.config.redisUrl ? connectRedis(ctx.config.redisUrl, app.log) : undefined;
  if (redis) {
    // Ready means the limits are shared from the first request: wait (at most the connect
    // timeout) for the first connection; an unreachable Redis does not keep the shop from starting.
    app.addHook('onReady', async () => waitForRedis(redis, 2500));
    app.addHook('onClose', async () => redis.disconnect());
  }
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore({ redis, keyPrefix: `${ctx.config.redisKeyPrefix}rate-limit:`, log: app.log }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Wholesale shop API',
        description: 'The API of the B2B wholesale web shop. Errors are `{ error: CODE, params? }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsCsp,
  });

  const auth = createAuth(ctx);
  // Who may call a route is decided by the scope it is registered in (http/route-scopes.ts,
  // docs/decisions/0018-route-scopes.md); each domain module registers its routes in one line.
  const products = productsRoutes(ctx);
  const users = usersRoutes(ctx, auth);
  const company = companyRoutes(ctx);
  const login = authRoutes(ctx, auth);
  const adminAuth = adminAuthRoutes(ctx, auth);
  const integration = integrationRoutes(ctx);
  const news = newsRoutes(ctx);
  const photos = productPhotosRoutes(ctx);
  const backInStock = backInStockRoutes(ctx);
  await app.register(
    async (api) => {
      // Anyone, no token read (page views read one themselves, never refusing).
      await api.register(healthRoutes(ctx, startup));
      await api.register(shopRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(login.public);
      await api.register(users.public);
      await api.register(company.public);
      await api.register(news.public);
      await api.register(trackingRoutes(ctx, auth));
      // The ERP integration: each route checks its API key.
      await api.register(integration.public);
      await api.register(photos.integration);

      // The catalogue: anyone; a token, when sent, must be a valid shop token.
      await api.register(anyUserScope(auth, [products.anyUser, categoriesRoutes(ctx)]));

      // Signed-in customers and agents.
      await api.register(
        shopUserScope(auth, [
          login.shopUser,
          users.shopUser,
          company.shopUser,
          approvalsRoutes(ctx),
          products.shopUser,
          customersRoutes(ctx),
          cartRoutes(ctx),
          shippingAddressesRoutes(ctx),
          checkoutRoutes(ctx),
          ordersRoutes(ctx),
          orderListsRoutes(ctx),
          quotesRoutes(ctx),
          news.shopUser,
          newspapersRoutes(ctx),
          downloadsRoutes(ctx),
          backInStock.shopUser,
          offlineRoutes(ctx),
        ]),
      );

      // The back office, all of it under /api/admin: its login, then administrators and staff,
      // each route naming its permission.
      await api.register(
        async (admin) => {
          await admin.register(adminAuth.public);
          await admin.register(
            staffScope(auth, [
              adminAuth.staff,
              registrationsRoutes(ctx),
              adminCustomersRoutes(ctx),
              company.staff,
              adminCatalogueRoutes(ctx),
              adminOrdersRoutes(ctx),
              adminQuotesRoutes(ctx),
              adminLogisticsRoutes(ctx),
              adminContentRoutes(ctx),
              adminStatsRoutes(ctx),
              staffAuditRoutes(ctx),
              integration.staff,
              photos.staff,
              photos.staffUploads,
              backInStock.staff,
              assortmentsRoutes(ctx),
              webhooksRoutes(ctx),
              outboxRoutes(ctx),
            ]),
          );
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );

  // Product images and other generated files live in the data folder.
  const imagesDir = path.join(ctx.config.dataDir, 'images');
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: '/images/',
    decorateReply: false,
    wildcard: true,
    allowedPath: () => existsSync(imagesDir),
    setHeaders(res, filePath) {
      // Product photos have content-hash names (modules/product-photos): never changed under one name.
      if (/[\\/]photos[\\/]/.test(filePath))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'public, max-age=86400');
    },
  });

  const webDist = resolveWebDist(ctx);
  let indexHtml: string | undefined;
  if (webDist) {
    indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webDist,
      decorateReply: false,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed build assets and fonts never change under the same name.
        if (/[\\/]assets[\\/]/.test(filePath) || /\.(woff2?|ttf)$/.test(filePath)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(filePath)) {
          // The service worker and the manifest (issue 19): always revalidated, so a new version
          // is found on the next visit.
          res.header('cache-control', 'no-cache');
        } else {
          // Unhashed public files (the favicon): a day, then revalidated.
          res.header('cache-control', 'public, max-age=86400');
        }
      },
    });
  }

  // Public catalogue pages come rendered in the HTML (decision 0016) when the renderer bundle is built.
  const renderer = webDist && indexHtml ? await loadRenderer(rendererPath(webDist), app.log) : undefined;
  const renderPage =
    renderer && indexHtml
      ? createSsrPages({
          app,
          renderer,
          template: indexHtml,
          checkSession: async (token) => {
            const checked = await auth.checkShopToken(token);
            return checked && { userId: checked.user.userId, customerId: checked.claims.id };
          },
        })
      : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing file (an image, a build asset) is a 404, not the SPA page.
    if (url === '/api' || /^\/(api|images|assets)\//.test(url)) {
      return reply.status(404).send({ error: 'ERR_ROUTE_NOT_FOUND' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml) {
      const rendered =
        renderPage && request.method === 'GET' && isServerRenderedPath(url)
          ? await renderPage(request)
          : null;
      // History fallback: the browser decides what an unknown path is (a content page or not found).
      // The not-found handler is no route, so the compress plugin's hook does not see it: compress here.
      const personal = rendered?.personal === true;
      const { body, encoding } = encodeHtml(rendered?.html ?? indexHtml, request.headers['accept-encoding'], {
        keep: !personal,
      });
      if (encoding) reply.header('content-encoding', encoding);
      return (
        reply
          .header('vary', 'accept-encoding, cookie')
          // A page rendered for one account is stored by no cache (decision 0017).
          .header('cache-control', personal ? 'private, no-store' : 'no-cache')
          .type('text/html; charset=utf-8')
          .send(body)
      );
    }
    return reply.status(404).send({ error: 'ERR_ROUTE_NOT_FOUND' });
  });

  // The expiry sweep (issue 15; docs/product.md §3.4.2): every SWEEP_INTERVAL_MS while the server
  // is ready. Registered before the outbox so that at close it stops first and the dispatcher then
  // delivers the mails of its last pass.
  if (options.sweep !== false) {
    const sweep = new ExpirySweep(ctx, { log: app.log, isReady: () => startup.phase === 'ready' });
    app.addHook('onReady', async () => sweep.start());
    app.addHook('preClose', async () => sweep.stop());
  }

  // The outbox dispatcher (docs/decisions/0019-outbox.md): delivers while the server is ready; at
  // close it stops claiming and finishes the deliveries in flight before the database closes.
  if (options.outbox !== false) {
    const outbox = new OutboxDispatcher(ctx, { log: app.log, isReady: () => startup.phase === 'ready' });
    app.addHook('onReady', async () => outbox.start());
    app.addHook('preClose', async () => outbox.stop());
  }

  return app;
}
