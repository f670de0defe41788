import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The content type of an XLSX workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The content types a CSV or XLSX file upload may arrive as. */
export const SPREADSHEET_TYPES = ['text/csv', XLSX_TYPE, 'application/octet-stream'];

/**
 * The routes of this (encapsulated) plugin take bodies of these content types as they are, a
 * Buffer, of at most `bodyLimit` bytes (the server's limit without one); the route checks them.
 */
export function acceptRawBodies(app: ZodApp, contentTypes: string | string[], bodyLimit?: number): void {
  app.addContentTypeParser(contentTypes, { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
}
