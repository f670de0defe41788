import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { signedIn } from '../../http/auth';
import { attachmentHeader } from '../newspapers/newspapers.routes';
import * as service from './downloads.service';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function downloadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/downloads/price-list.xlsx',
      {
        schema: {
          tags: ['downloads'],
          summary: 'The caller’s own price list as a spreadsheet (XLSX)',
          description:
            'Every active, orderable product in SKU order: SKU, name in the Accept-Language language, manufacturer, ' +
            'order unit and its pieces, gross and net price per piece (the listing’s currentPrice), VAT, the special ' +
            'price with its validity, and the quantity prices. An agent gets the prices of its current shipping ' +
            'address’s customer (409 ERR_NO_CURRENT_SHIPPING until it chose one).',
          produces: [XLSX_TYPE],
          response: { 200: z.any().describe('The XLSX file') },
        },
      },
      async (request, reply) => {
        const file = await service.priceList(ctx, signedIn(request), request.language);
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachmentHeader(file.fileName))
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );
  };
}
