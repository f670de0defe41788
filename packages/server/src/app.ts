import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
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
import { registerErrorHandler } from './http/error-handler';
import { createAuth } from './http/auth';
import { healthRoutes } from './modules/health/health.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { shippingAddressesRoutes } from './modules/shipping-addresses/shipping-addresses.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
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
import { customersRoutes } from './modules/customers/customers.routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop language from Accept-Language (hu when missing or unknown). */
    language: Language;
  }
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.decorateRequest('language', 'hu');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.language = languageFromHeader(request.headers['accept-language']);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // HSTS only when served over HTTPS (directly or behind a proxy that says so).
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Wholesale shop API',
        description: 'The API of the B2B wholesale web shop. Errors are `{ error: CODE, params? }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });

  const auth = createAuth(ctx);
  await app.register(
    async (api) => {
      // Each domain module registers its routes here, one line each.
      await api.register(healthRoutes(ctx));
      await api.register(productsRoutes(ctx, auth));
      await api.register(categoriesRoutes(ctx, auth));
      await api.register(authRoutes(ctx, auth));
      await api.register(usersRoutes(ctx, auth));
      await api.register(customersRoutes(ctx, auth));
      await api.register(cartRoutes(ctx, auth));
      await api.register(shippingAddressesRoutes(ctx, auth));
      await api.register(checkoutRoutes(ctx, auth));
      await api.register(ordersRoutes(ctx, auth));
      await api.register(shopRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(newsRoutes(ctx, auth));
      await api.register(newspapersRoutes(ctx, auth));
      await api.register(downloadsRoutes(ctx, auth));
      await api.register(trackingRoutes(ctx, auth));
      void auth;
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
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=86400');
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
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send({ error: 'ERR_ROUTE_NOT_FOUND' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml) {
      // History fallback: the browser decides what an unknown path is (a content page or not found).
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ error: 'ERR_ROUTE_NOT_FOUND' });
  });

  return app;
}
