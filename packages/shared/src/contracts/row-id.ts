import { z } from 'zod';

/**
 * A row id in a shop request (path parameter, query or body field): a positive whole number that fits
 * the databases' 32-bit integer column. Anything else, a larger number included, is 'invalid_number'
 * (no such row, never a database error). The back office has its own `adminIdSchema` (admin-common).
 */
export const rowIdSchema = z.coerce
  .number({ error: 'invalid_number' })
  .int('invalid_number')
  .positive('invalid_number')
  .max(2_147_483_647, 'invalid_number');
