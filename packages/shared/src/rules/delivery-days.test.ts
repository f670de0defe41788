import { describe, expect, it } from 'vitest';
import { deliveryDays, isDeliveryDayAllowed, parseWeekdays, type HolidayPeriod } from './delivery-days';

const TZ = 'Europe/Budapest';
const monWedFri = { weekdays: [1, 3, 5], cutoffTime: '14:00', routeTime: '08:00-12:00' };
const weekdaysOnly = { weekdays: [1, 2, 3, 4, 5], cutoffTime: '14:00', routeTime: '08:00-12:00' };
// 2026-11-23 is a Monday. Budapest is UTC+1 in November.
const at = (local: string) => new Date(`${local}+01:00`);
/** The delivery days offered at a Budapest wall-clock time. */
const daysAt = (local: string, route = weekdaysOnly, holidays: HolidayPeriod[] = []) =>
  deliveryDays({ now: at(local), timeZone: TZ, route, holidays });
/** The first day offered on weekdays at a Budapest wall-clock time. */
const firstDayAt = (local: string) => daysAt(local).days[0]?.date;

describe('deliveryDays', () => {
  it('offers the next 10 route days starting tomorrow before the cut-off', () => {
    const { days, routeTime } = daysAt('2026-11-23T09:00:00', monWedFri);
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-25',
      '2026-11-27',
      '2026-11-30',
      '2026-12-02',
      '2026-12-04',
      '2026-12-07',
      '2026-12-09',
      '2026-12-11',
      '2026-12-14',
      '2026-12-16',
    ]);
    expect(routeTime).toBe('08:00-12:00');
  });

  it('after the cut-off, tomorrow is no longer possible', () => {
    expect(firstDayAt('2026-11-24T13:59:00')).toBe('2026-11-25');
    expect(firstDayAt('2026-11-24T14:00:00')).toBe('2026-11-26');
  });

  it('skips weekends: an order on Friday afternoon is delivered on Tuesday', () => {
    const { days } = daysAt('2026-11-27T15:00:00');
    expect(days[0]?.date).toBe('2026-12-01');
    expect(
      days.every((d) => !['6', '7'].includes(String(new Date(`${d.date}T12:00:00Z`).getUTCDay() || 7))),
    ).toBe(true);
    expect(firstDayAt('2026-11-27T09:00:00')).toBe('2026-11-30'); // Friday morning
    expect(firstDayAt('2026-11-28T09:00:00')).toBe('2026-12-01'); // Saturday
  });

  it('marks days that start within 48 hours', () => {
    const { days } = daysAt('2026-11-23T09:00:00');
    expect(days[0]).toEqual({ date: '2026-11-24', isReplacement: false, within48Hours: true });
    expect(days[1]).toEqual({ date: '2026-11-25', isReplacement: false, within48Hours: true });
    expect(days[2]?.within48Hours).toBe(false);
  });

  it('removes days of a holiday period, adds replacement days and hides route times', () => {
    const holidays: HolidayPeriod[] = [
      {
        name: 'Christmas',
        startDate: '2026-12-24',
        endDate: '2027-01-01',
        replacementDates: ['2026-12-19'],
        hidesRouteTimes: true,
      },
    ];
    const { days, routeTime, holiday } = daysAt('2026-12-16T10:00:00', monWedFri, holidays);
    const dates = days.map((d) => d.date);
    expect(dates).toEqual([
      '2026-12-18',
      '2026-12-19',
      '2026-12-21',
      '2026-12-23',
      '2027-01-04',
      '2027-01-06',
      '2027-01-08',
      '2027-01-11',
      '2027-01-13',
      '2027-01-15',
    ]);
    expect(days.find((d) => d.date === '2026-12-19')?.isReplacement).toBe(true);
    expect(routeTime).toBeNull();
    expect(holiday?.name).toBe('Christmas');
  });

  it('shows route times when no holiday touches the offered days', () => {
    const holidays: HolidayPeriod[] = [
      {
        name: 'Later',
        startDate: '2027-06-01',
        endDate: '2027-06-02',
        replacementDates: [],
        hidesRouteTimes: true,
      },
    ];
    expect(
      deliveryDays({ now: at('2026-11-23T09:00:00'), timeZone: TZ, route: monWedFri, holidays }).routeTime,
    ).toBe('08:00-12:00');
  });

  it('validates a chosen day against the same rule', () => {
    const options = { now: at('2026-11-23T09:00:00'), timeZone: TZ, route: monWedFri, holidays: [] };
    expect(isDeliveryDayAllowed('2026-11-25', options)).toBe(true);
    expect(isDeliveryDayAllowed('2026-11-24', options)).toBe(false);
    expect(isDeliveryDayAllowed('2026-11-23', options)).toBe(false);
    expect(isDeliveryDayAllowed('2030-01-01', options)).toBe(false);
  });

  it('returns no days for a route that never runs', () => {
    const none = daysAt('2026-11-23T09:00:00', { ...monWedFri, weekdays: [] });
    expect(none.days).toEqual([]);
  });
});

describe('parseWeekdays', () => {
  it('reads stored weekday lists', () => {
    expect(parseWeekdays('1,3, 5')).toEqual([1, 3, 5]);
    expect(parseWeekdays('0,8,x,2')).toEqual([2]);
    expect(parseWeekdays('')).toEqual([]);
  });
});
