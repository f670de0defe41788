/**
 * Display formatting shared by the web and the server (mails, PDFs).
 * Spec section 1: numbers in hu-HU with up to 3 decimals, money in Ft,
 * dates as YYYY.MM.DD HH:MM:SS.
 */
const NUMBER_LOCALE = 'hu-HU';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Builds the number formats that prices and quantities use. The first hu-HU format costs a slow
 * phone tens of milliseconds (locale data): the browser builds them in a task of their own before
 * it renders prices, instead of inside the first price's render.
 */
export function prepareNumberFormats(): void {
  numberFormat(0, 0);
  numberFormat(0, 3);
}

/** 1234.5678 → "1 234,568" (hu-HU, at most 3 decimals by default). */
export function formatNumber(value: number, maxDecimals = 3, minDecimals = 0): string {
  if (!Number.isFinite(value)) return '';
  return numberFormat(Math.min(minDecimals, maxDecimals), maxDecimals).format(value);
}

/** Money is kept in minor units (1/100 Ft). 123456 → "1 235 Ft" with 0 decimals. */
export function formatMoney(minorUnits: number, decimals = 0): string {
  if (!Number.isFinite(minorUnits)) return '';
  return `${formatNumber(minorUnits / 100, decimals, decimals)} Ft`;
}

/** Grams → kilograms for display: 12345 → "12,345 kg". */
export function formatWeightKg(grams: number): string {
  return `${formatNumber(grams / 1000, 3)} kg`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * Date and time as YYYY.MM.DD HH:MM:SS. Without a time zone it uses the
 * runtime's local time (the browser's); with one (e.g. "Europe/Budapest") that zone's.
 */
export function formatDateTime(input: Date | string | number, timeZone?: string): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  if (!timeZone) {
    return (
      `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())} ` +
      `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    );
  }
  const parts = zonedParts(date, timeZone);
  return `${parts.year}.${pad(parts.month)}.${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
}

/** Date only, YYYY.MM.DD. Accepts "YYYY-MM-DD" strings as calendar dates (no zone shift). */
export function formatDate(input: Date | string, timeZone?: string): string {
  if (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)) {
    return input.replaceAll('-', '.');
  }
  return formatDateTime(input, timeZone).slice(0, 10);
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock parts of an instant in a time zone. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    zonedFormats.set(timeZone, format);
  }
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(date)) out[part.type] = part.value;
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour),
    minute: Number(out.minute),
    second: Number(out.second),
    weekday: weekdays.indexOf(out.weekday ?? 'Sun'),
  };
}
