import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { testContext } from '../../../test/test-config';
import { startTestApp, stopTestApp } from '../../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';

describe.each(TEST_DIALECTS)('shop state on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let ctx: ReturnType<typeof testContext>;

  beforeAll(async () => {
    ({ testDb, ctx, app } = await startTestApp(dialect, { now: new Date('2024-12-01T10:00:00Z') }));
  });

  afterAll(() => stopTestApp(app, testDb));

  const state = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shop/state' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };

  it('is open without windows or the switch, and needs no token', async () => {
    expect(await state()).toEqual({
      closed: false,
      forceClosed: false,
      window: null,
      upcoming: null,
      notice: null,
      timeZone: 'Europe/Budapest',
    });
  });

  it('is closed inside a window in the shop time zone (start inclusive, end exclusive)', async () => {
    await testDb.handle.db
      .insertInto('shop_closed_windows')
      .values({ starts_at: '2024-12-27T16:00', ends_at: '2025-01-02T08:00', note: 'Leltár' })
      .execute();
    const window = { startsAt: '2024-12-27T16:00', endsAt: '2025-01-02T08:00' };
    ctx.clock.set(new Date('2024-12-27T14:59:00Z')); // 15:59 in Budapest
    expect(await state()).toMatchObject({ closed: false, window: null, upcoming: window });
    ctx.clock.set(new Date('2024-12-27T15:00:00Z')); // 16:00
    expect(await state()).toMatchObject({ closed: true, forceClosed: false, window, upcoming: null });
    ctx.clock.set(new Date('2025-01-02T06:59:00Z')); // 07:59
    expect(await state()).toMatchObject({ closed: true, window });
    ctx.clock.set(new Date('2025-01-02T07:00:00Z')); // 08:00
    expect(await state()).toMatchObject({ closed: false, window: null, upcoming: null });
  });

  it('announces the window from the notice days before it (default 14, a setting)', async () => {
    const window = { startsAt: '2024-12-27T16:00', endsAt: '2025-01-02T08:00' };
    ctx.clock.set(new Date('2024-12-13T14:59:00Z')); // 14 days and a minute before
    expect(await state()).toMatchObject({ closed: false, upcoming: window, notice: null });
    ctx.clock.set(new Date('2024-12-13T15:00:00Z'));
    expect(await state()).toMatchObject({ closed: false, upcoming: window, notice: window });
    await testDb.handle.db
      .insertInto('settings')
      .values({ key: 'shop.closedNoticeDays', value: '3' })
      .execute();
    expect(await state()).toMatchObject({ notice: null });
    ctx.clock.set(new Date('2024-12-24T15:00:00Z'));
    expect(await state()).toMatchObject({ notice: window });
    // A setting that is not a number of days falls back to 14; 0 switches the notice off.
    const setNoticeDays = (value: string) =>
      testDb.handle.db
        .updateTable('settings')
        .set({ value })
        .where('key', '=', 'shop.closedNoticeDays')
        .execute();
    await setNoticeDays('soon');
    ctx.clock.set(new Date('2024-12-14T10:00:00Z'));
    expect(await state()).toMatchObject({ notice: window });
    await setNoticeDays('0');
    expect(await state()).toMatchObject({ notice: null });
    // Inside the window there is no notice: the closed warning applies.
    ctx.clock.set(new Date('2024-12-28T10:00:00Z'));
    expect(await state()).toMatchObject({ closed: true, notice: null });
  });

  it('is force closed while the setting is on', async () => {
    await testDb.handle.db
      .insertInto('settings')
      .values({ key: 'shop.forceDisabled', value: 'true' })
      .execute();
    expect(await state()).toMatchObject({ forceClosed: true });
    await testDb.handle.db
      .updateTable('settings')
      .set({ value: '0' })
      .where('key', '=', 'shop.forceDisabled')
      .execute();
    expect(await state()).toMatchObject({ forceClosed: false });
  });
});
