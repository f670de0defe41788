/**
 * Display formatting shared by the web and the server (mails, PDFs).
 * docs/product.md §1: numbers in hu-HU with up to 3 decimals, money in Ft,
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

/** hu-HU groups thousands with a no-break space, from five digits on ("1234", "12 345"). */
const GROUP_SEPARATOR = '\u00a0';

/** Adds one unit in the last place to a string of decimal digits ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let index = out.length - 1; index >= 0; index -= 1) {
    if (out[index] !== '9') {
      out[index] = String(Number(out[index]) + 1);
      return out.join('');
    }
    out[index] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * 1234.5678 → "1 234,568" (hu-HU, at most 3 decimals by default). Exactly what
 * `Intl.NumberFormat('hu-HU')` prints (the tests compare them), without it: building the first
 * hu-HU format cost a slow phone tens of milliseconds of blocked main thread on every page with
 * prices (issue 8). Like Intl it rounds the shortest decimal form of the number half away from
 * zero; numbers JavaScript writes with an exponent (below 1e-6, from 1e21) go to Intl itself.
 */
export function formatNumber(value: number, maxDecimals = 3, minDecimals = 0): string {
  if (!Number.isFinite(value)) return '';
  const max = Math.max(0, Math.trunc(maxDecimals));
  const min = Math.min(Math.max(0, Math.trunc(minDecimals)), max);
  const text = String(Math.abs(value));
  if (text.includes('e') || max > 20) return numberFormat(min, max).format(value);
  const [whole = '0', fraction = ''] = text.split('.');
  let integer = whole;
  let decimals = fraction;
  if (decimals.length > max) {
    const roundUp = decimals.charCodeAt(max) >= 53; // the first dropped digit is 5 or more
    decimals = decimals.slice(0, max);
    if (roundUp) {
      const digits = incrementDigits(integer + decimals);
      integer = digits.slice(0, digits.length - decimals.length);
      decimals = digits.slice(digits.length - decimals.length);
    }
  }
  decimals = decimals.replace(/0+$/, '').padEnd(min, '0');
  const grouped = integer.length >= 5 ? integer.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR) : integer;
  // Intl keeps the sign of a negative number that rounds to zero ("-0").
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/**
 * Money is kept in minor units (1/100 Ft). 123456 → "1235 Ft" with 0 decimals; the space before
 * "Ft" is a no-break space, like the thousands separator, so an amount never wraps.
 */
export function formatMoney(minorUnits: number, decimals = 0): string {
  if (!Number.isFinite(minorUnits)) return '';
  return `${formatNumber(minorUnits / 100, decimals, decimals)}${GROUP_SEPARATOR}Ft`;
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
