import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PHOTO_MAX_BYTES,
  PHOTO_ZIP_MAX_BYTES,
  adminProductPhotosResponseSchema,
  photoAltInputSchema,
  photoOrderSchema,
  productPhotoParamsSchema,
  productSkuParamsSchema,
  zipUploadResultSchema,
} from '@shop/shared/contracts/product-photos';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { acceptRawBodies } from '../../http/raw-bodies';
import { actorOf } from '../admin/admin-access';
import { adminRoute } from '../admin/admin-crud-routes';
import { requireApiKey } from '../integration/api-keys.service';
import * as photos from './product-photos.service';

const tag = 'admin-catalogue';
const staffNote =
  ' Needs an administrator or staff token with the `catalogue` permission (401 without a token, 403 ERR_FORBIDDEN otherwise).';
const uploadNote =
  'The body is the image itself (JPEG, PNG or WebP, at most 20 MB and 40 megapixels), its type in Content-Type. ' +
  'It is decoded and re-encoded (orientation applied, metadata dropped) into widths 160/320/640/1280 (never wider than ' +
  'the original) in WebP and JPEG, served from /images/photos/ with immutable caching, and added after the ' +
  "product's photos (at most 12). Refused, storing nothing: another type or an unreadable file (415 ERR_NOT_AN_IMAGE), " +
  'over 20 MB or 40 megapixels (413 ERR_IMAGE_TOO_LARGE), an unknown SKU (404 ERR_PRODUCT_NOT_FOUND), a 13th photo ' +
  '(400 ERR_VALIDATION).';

/**
 * The routes that take a raw body: every content type is read as bytes (the service checks it),
 * and an oversized body gets the photo's own code.
 */
function rawBodies(app: Parameters<FastifyPluginAsyncZod>[0], tooLarge: (url: string) => AppError): void {
  app.removeAllContentTypeParsers();
  acceptRawBodies(app, '*');
  app.setErrorHandler((error: FastifyError, request) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge(request.url);
    throw error;
  });
}

const imageTooLarge = () => new AppError('ERR_IMAGE_TOO_LARGE', { maxBytes: PHOTO_MAX_BYTES });

/** A photo upload (back office or integration API): the raw body is added to the product's photos. */
function addPhotoOf(
  ctx: AppContext,
  actor: photos.PhotoActor,
  request: FastifyRequest<{ Params: { sku: string } }>,
) {
  return photos.addPhoto(ctx, actor, request.params.sku, request.headers['content-type'], request.body);
}

/** Back office (staff scope, paths under /api/admin), and the ERP's upload with an API key. */
export function productPhotosRoutes(ctx: AppContext): {
  staff: FastifyPluginAsyncZod;
  staffUploads: FastifyPluginAsyncZod;
  integration: FastifyPluginAsyncZod;
} {
  const staff: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/products/:sku/photos',
      adminRoute(
        'catalogue',
        "A product's photos in their order, with every language's alt text and the URLs per size",
        '404 ERR_PRODUCT_NOT_FOUND.' + staffNote,
        { params: productSkuParamsSchema, response: { 200: adminProductPhotosResponseSchema } },
        tag,
      ),
      async (request) => photos.listPhotos(ctx, request.params.sku),
    );
    app.put(
      '/products/:sku/photos/order',
      adminRoute(
        'catalogue',
        "Put a product's photos in a new order (the first is the one the shop shows)",
        'Body: every photo id of the product once, in the new order (else 400 ERR_VALIDATION, nothing changed).' +
          staffNote,
        {
          params: productSkuParamsSchema,
          body: photoOrderSchema,
          response: { 200: adminProductPhotosResponseSchema },
        },
        tag,
      ),
      async (request) =>
        photos.reorderPhotos(ctx, actorOf(request), request.params.sku, request.body.photoIds),
    );
    app.put(
      '/products/:sku/photos/:photoId/alt',
      adminRoute(
        'catalogue',
        "Set a photo's alt text in the four languages",
        'At most 300 characters each; an empty one shows the Hungarian text. 404 ERR_PHOTO_NOT_FOUND.' +
          staffNote,
        {
          params: productPhotoParamsSchema,
          body: photoAltInputSchema,
          response: { 200: adminProductPhotosResponseSchema },
        },
        tag,
      ),
      async (request) =>
        photos.setPhotoAlt(
          ctx,
          actorOf(request),
          request.params.sku,
          request.params.photoId,
          request.body.alt,
        ),
    );
    app.delete(
      '/products/:sku/photos/:photoId',
      adminRoute(
        'catalogue',
        'Delete a photo (its files go when no other photo uses them)',
        '404 ERR_PHOTO_NOT_FOUND, ERR_PRODUCT_NOT_FOUND.' + staffNote,
        { params: productPhotoParamsSchema, response: { 200: adminProductPhotosResponseSchema } },
        tag,
      ),
      async (request) =>
        photos.deletePhoto(ctx, actorOf(request), request.params.sku, request.params.photoId),
    );
  };

  const staffUploads: FastifyPluginAsyncZod = async (app) => {
    rawBodies(app, (url) =>
      url.includes('/product-photos/zip')
        ? new AppError('ERR_ZIP_TOO_LARGE', { maxBytes: PHOTO_ZIP_MAX_BYTES })
        : imageTooLarge(),
    );
    app.post(
      '/products/:sku/photos',
      {
        bodyLimit: PHOTO_MAX_BYTES,
        ...adminRoute(
          'catalogue',
          'Upload a photo of a product',
          uploadNote + staffNote,
          { params: productSkuParamsSchema, response: { 201: adminProductPhotosResponseSchema } },
          tag,
        ),
      },
      async (request, reply) => reply.status(201).send(await addPhotoOf(ctx, actorOf(request), request)),
    );
    app.post(
      '/product-photos/zip',
      {
        bodyLimit: PHOTO_ZIP_MAX_BYTES,
        ...adminRoute(
          'catalogue',
          'Bulk upload: a ZIP of photos named by SKU (NK10001.jpg, NK10001-2.jpg)',
          'The body is the ZIP (at most 200 MB, 500 files, 1 GB unpacked: else 413 ERR_ZIP_TOO_LARGE; not a ZIP: 415 ' +
            "ERR_NOT_A_ZIP). Each file is reported: matched (added after the product's photos, in the order of the number " +
            'after the dash), unknown_sku, not_an_image, too_large (over 20 MB or 40 megapixels), too_many_photos, skipped ' +
            '(hidden files, folders).' +
            staffNote,
          { response: { 200: zipUploadResultSchema } },
          tag,
        ),
      },
      async (request) => photos.uploadZip(ctx, actorOf(request), request.body),
    );
  };

  const integration: FastifyPluginAsyncZod = async (app) => {
    app.decorateRequest('integration', null);
    rawBodies(app, imageTooLarge);
    app.post(
      '/integration/products/:sku/photos',
      {
        // The key is checked before the body is read: no 20 MB is taken from a caller without one.
        onRequest: requireApiKey(ctx),
        bodyLimit: PHOTO_MAX_BYTES,
        schema: {
          tags: ['integration'],
          security: [{ apiKeyAuth: [] }],
          summary: 'Upload a photo of a product (the same body as the back office)',
          description:
            uploadNote +
            ' Authenticated by an API key: `X-Api-Key: shk_...`. Missing → 401 ERR_UNAUTHORIZED, unknown → 401 ' +
            'ERR_API_KEY_INVALID, revoked → 401 ERR_API_KEY_REVOKED.',
          params: productSkuParamsSchema,
          response: { 201: adminProductPhotosResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await addPhotoOf(ctx, null, request)),
    );
  };

  return { staff, staffUploads, integration };
}
