/**
 * `npm run bench:hydration`: what the browser's main thread does while the app takes a
 * server-rendered page over (issue 20, point 2), measured so that it holds on a loaded machine.
 * Chromium with a phone's viewport and User-Agent (the narrow rendering), a visitor who answered the
 * cookie notice: anonymous on home, category and search; on the cart and the checkout the demo
 * customer with a product in the cart (as bench:web measures them). Per page and run:
 * - the HTML's bytes (uncompressed) and those of its embedded state (`#ssr-state`);
 * - from a trace, the main thread's CPU time (thread time: what other processes on the machine do
 *   does not count) in top-level tasks, until the app's first commit (`data-app-ready`) and until
 *   the page is quiet; and, as Lighthouse's simulated throttling does, each task's time times 4 (a
 *   mid-range phone): the long tasks (over 50 ms) after the first paint and their blocking time;
 * - a CPU profile (CDP Profiler): the functions with the most self and total time, over the runs
 *   (sampled wall time: proportions, not absolute figures, on a loaded machine).
 * Medians of RUNS runs (default 5). Build the web package first; WEB_DIST_DIR points at another build
 * (its renderer is the `dist-ssr` folder next to it), for instance an unminified one
 * (`vite build --minify false`), whose function names the profile then shows.
 *
 * Options (environment): RUNS=5, ONLY=home,category,search,cart,checkout, THROTTLE=1 (CDP CPU throttling while
 * profiling; the trace figures are thread times either way), TOP=25, FOCUS=<function name> (the
 * profile's tables only for the samples under it), WEB_DIST_DIR.
 */
import { chromium } from '@playwright/test';
import { createTarget, startServer } from '../../server/bench/bench-lib';
import { logInDemoCustomer } from './bench-session';

const RUNS = Math.max(1, Math.min(15, Number(process.env.RUNS ?? 5) || 5));
const THROTTLE = Math.max(1, Number(process.env.THROTTLE ?? 1) || 1);
/** Lighthouse's mobile profile: its simulation counts every main-thread task 4 times as long. */
const PHONE_SLOWDOWN = 4;
const TOP = Math.max(1, Number(process.env.TOP ?? 25) || 25);
/** Only the samples under this function (a name), to see what one phase of the work consists of. */
const FOCUS = process.env.FOCUS ?? '';

const PAGES = [
  { name: 'home', path: '/', loggedIn: false },
  { name: 'category', path: '/category/kave-tea', loggedIn: false },
  { name: 'search', path: '/search?q=k%C3%A1v%C3%A9', loggedIn: false },
  { name: 'cart', path: '/cart', loggedIn: true },
  { name: 'checkout', path: '/cart/receipt-and-payment', loggedIn: true },
];

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/120.0.0.0 Mobile Safari/537.36';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

interface Run {
  htmlBytes: number;
  stateBytes: number;
  boxes: number;
  /** Main-thread CPU ms in top-level tasks until the app's first commit, and until quiet. */
  cpuToReady: number;
  cpuTotal: number;
  /** Of it, style, layout and paint. */
  rendering: number;
  /** Tasks after the first paint whose CPU time times 4 is over 50 ms; their time over 50 ms. */
  longTasks: number;
  longestTask: number;
  blocking: number;
  self: Map<string, number>;
  total: Map<string, number>;
}

/**
 * The renderer main thread's top-level tasks (thread time), the first contentful paint and the app's
 * first commit (a user timing mark the init script sets) from a Chromium trace.
 */
function readTrace(events: TraceEvent[]) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { tasks: TraceEvent[]; cpu: number; pid: number; tid: number } = {
    tasks: [],
    cpu: -1,
    pid: -1,
    tid: -1,
  };
  for (const main of mains) {
    const tasks = events.filter(
      (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask',
    );
    const cpu = tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0);
    if (cpu > best.cpu) best = { tasks, cpu, pid: main.pid, tid: main.tid };
  }
  const mark = (name: string) => events.find((e) => e.name === name && e.pid === best.pid)?.ts ?? Number.NaN;
  const fcp = mark('firstContentfulPaint');
  if (process.env.LONG_TASKS) {
    // What the longest tasks after the first paint consist of (the trace's events inside each).
    const inner = events.filter(
      (e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X' && e.name !== 'RunTask',
    );
    const long = best.tasks
      .filter((task) => task.ts >= fcp && (task.tdur ?? 0) * PHONE_SLOWDOWN > 50_000)
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
    for (const task of long.slice(0, Number(process.env.LONG_TASKS) || 8)) {
      const end = task.ts + (task.dur ?? 0);
      const parts = new Map<string, number>();
      for (const e of inner) {
        if (e.ts < task.ts || e.ts >= end) continue;
        const label =
          e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.callFunction'
            ? `${e.name} ${String((e.args as { data?: { functionName?: string; url?: string } } | undefined)?.data?.functionName ?? '')}`
            : e.name;
        parts.set(label, Math.max(parts.get(label) ?? 0, (e.tdur ?? 0) / 1000));
      }
      const top = [...parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(
        `    task at +${Math.round((task.ts - fcp) / 1000)} ms after FCP: ${Math.round(((task.tdur ?? 0) / 1000) * PHONE_SLOWDOWN)} ms as a phone; ` +
          top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', '),
      );
    }
  }
  // Style, layout and paint: the browser's own work on the page's elements.
  const rendering =
    events
      .filter(
        (e) =>
          e.pid === best.pid &&
          e.tid === best.tid &&
          e.ph === 'X' &&
          /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize)$/.test(e.name),
      )
      .reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  return { tasks: best.tasks, fcp, ready: mark('bench-app-ready'), rendering };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const frameKey = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) => {
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
};

/** Self and total (inclusive) time (ms) per function, keyed "name file:line". */
function profileTimes(profile: Profile): { self: Map<string, number>; total: Map<string, number> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    if (FOCUS) {
      let inside = false;
      for (let at: number | undefined = id; at !== undefined && !inside; at = parent.get(at))
        inside = byId.get(at)?.callFrame.functionName === FOCUS;
      if (!inside) return;
    }
    const key = frameKey(node);
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame) break;
      const name = frameKey(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  return { self, total };
}

async function main(): Promise<void> {
  const only = (process.env.ONLY ?? '').split(',').filter(Boolean);
  const pages = only.length > 0 ? PAGES.filter((page) => only.includes(page.name)) : PAGES;
  const target = await createTarget('sqlite');
  const server = await startServer(target, {
    DEMO_DATA: 'true',
    SMTP_URL: '',
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const token = pages.some((page) => page.loggedIn) ? await logInDemoCustomer(server.url) : null;
  console.log(`hydration profile: ${RUNS} runs per page, CPU throttling ${THROTTLE}x, 390 px phone`);
  try {
    for (const page of pages) {
      const runs: Run[] = [];
      // One run first, not counted: the server's first render of the page and its caches.
      for (let run = -1; run < RUNS; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          userAgent: PHONE_UA,
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        });
        const session = page.loggedIn ? token : null;
        if (session) {
          // The session cookie the app sets at login (decision 0017): the cart and the checkout come
          // rendered for the customer.
          await context.addCookies([
            {
              name: 'shop_session',
              value: encodeURIComponent(session),
              domain: new URL(server.url).hostname,
              path: '/cart',
              sameSite: 'Lax',
            },
          ]);
        }
        await context.addInitScript((accessToken) => {
          localStorage.setItem('cookie_consent', 'accepted');
          localStorage.setItem('news_last_shown', String(Date.now()));
          if (accessToken) {
            localStorage.setItem('access_token', accessToken);
            // The product news of this login session counts as seen (as bench:web sets it).
            localStorage.setItem(
              'product_news_shown',
              String(JSON.parse(atob(accessToken.split('.')[1] ?? '')).userId ?? ''),
            );
          }
          // The app's first commit, as a mark in the trace.
          new MutationObserver((_records, observer) => {
            if (!document.documentElement.hasAttribute('data-app-ready')) return;
            performance.mark('bench-app-ready');
            observer.disconnect();
          }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] });
        }, session);
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
        await browser.startTracing(tab, {
          categories: [
            'toplevel',
            'disabled-by-default-devtools.timeline',
            'devtools.timeline',
            'blink.user_timing',
            'loading',
          ],
        });
        const answer = await tab.goto(`${server.url}${page.path}`, { waitUntil: 'commit' });
        const html = (await answer?.text()) ?? '';
        await tab.waitForSelector('html[data-app-ready]', { timeout: 60_000 });
        // Quiet: the rest of the boxes, the idle work of the shell.
        await tab.waitForLoadState('networkidle');
        await tab.waitForTimeout(3000);
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
          traceEvents: TraceEvent[];
        };
        const { tasks, fcp, ready, rendering } = readTrace(trace.traceEvents);
        const phone = tasks
          .filter((task) => task.ts >= fcp)
          .map((task) => ((task.tdur ?? 0) / 1000) * PHONE_SLOWDOWN);
        const cpu = (list: TraceEvent[]) => list.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000;
        const boxes = await tab.locator('article[data-sku]').count();
        const state =
          /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
        await context.close();
        if (!html.includes('data-ssr')) throw new Error(`${page.path} was not rendered on the server`);
        if (session && !/data-ssr-user="[^"]+"/.test(html))
          throw new Error(`${page.path} was not rendered for the demo customer`);
        if (run < 0) continue;
        runs.push({
          htmlBytes: Buffer.byteLength(html),
          stateBytes: Buffer.byteLength(state),
          boxes,
          cpuToReady: cpu(tasks.filter((task) => task.ts < ready)),
          cpuTotal: cpu(tasks),
          rendering,
          longTasks: phone.filter((ms) => ms > 50).length,
          longestTask: Math.max(0, ...phone),
          blocking: phone.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
          ...profileTimes(profile),
        });
      }
      const m = (pick: (run: Run) => number) => Math.round(median(runs.map(pick)));
      console.log(
        `\n${page.name} (${page.path}): HTML ${m((r) => r.htmlBytes)} B (state ${m((r) => r.stateBytes)} B), ` +
          `${m((r) => r.boxes)} boxes\n` +
          `  main-thread CPU: ${m((r) => r.cpuToReady)} ms until the app's first commit, ${m((r) => r.cpuTotal)} ms until quiet (style, layout, paint ${m((r) => r.rendering)} ms)\n` +
          `  as a phone (x${PHONE_SLOWDOWN}) after the first paint: long tasks ${m((r) => r.longTasks)}, ` +
          `longest ${m((r) => r.longestTask)} ms, blocking ${m((r) => r.blocking)} ms\n` +
          `  per run: CPU ${runs.map((r) => Math.round(r.cpuTotal)).join(', ')}; blocking ${runs.map((r) => Math.round(r.blocking)).join(', ')}`,
      );
      for (const kind of ['self', 'total'] as const) {
        const sum = new Map<string, number>();
        for (const run of runs) for (const [key, ms] of run[kind]) sum.set(key, (sum.get(key) ?? 0) + ms);
        const top = [...sum.entries()]
          .filter(([key]) => !/^\((idle|program|root)\)/.test(key))
          .sort((a, b) => b[1] - a[1])
          .slice(0, TOP);
        console.log(`  top ${kind} time (ms per run, throttled):`);
        for (const [key, ms] of top) console.log(`    ${(ms / runs.length).toFixed(1).padStart(7)}  ${key}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await target.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
