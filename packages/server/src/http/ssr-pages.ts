import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import {
  isPersonalPath,
  SSR_AUTH_COOKIE,
  SSR_MARKUP_ATTRIBUTE,
  SSR_STATE_ID,
  type SsrFetch,
  type SsrPage,
  type SsrRenderer,
} from '@shop/shared/ssr/ssr-contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';

/**
 * Server-rendered pages (decisions 0016 and 0017). The markup is for one session, in hu, at the
 * width the User-Agent suggests: the catalogue pages for a visitor who is not logged in, the cart
 * and the checkout for the account of the session cookie (`data-ssr-user` on <html>: user id and
 * customer id of its token). This script runs before the first paint and hides the markup
 * (`data-ssr-off` on <html>) from a visitor for whom the browser will render something else: another
 * session than the stored one (logged in on a catalogue page, logged out or another account on the
 * cart), another language, or a screen on the other side of 1280 px. They see the page once the
 * app has rendered it, as before, and never a page that changes under them.
 * A visitor who has answered the cookie notice, or hidden the announced closure, does not see that
 * notice flash either. A click on a button before the app has taken the page over is kept and
 * replayed once it has (links work without the app); text fields are read-only until then.
 * It is inline (it must run before the page paints), so the CSP allows exactly it by its hash.
 */
export const SSR_CHECK_SCRIPT =
  '(function(){var d=document.documentElement;try{var s=localStorage,' +
  "n=matchMedia('(max-width:1279.95px)').matches?'1':'0',t=s.getItem('access_token'),k='';" +
  // The stored session as "userId/customerId" (an expired token is no session: the app drops it).
  "if(t){try{var p=JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));" +
  "k=p.exp*1000>Date.now()?p.userId+'/'+(p.id==null?'':p.id):''}catch(x){k='?'}}" +
  "if(k!==(d.getAttribute('data-ssr-user')||'')||(s.getItem('language')||'hu')!=='hu'||" +
  "d.getAttribute('data-ssr-narrow')!==n)" +
  "d.setAttribute('data-ssr-off','');if(s.getItem('cookie_consent'))d.setAttribute('data-consent','');" +
  "var c=s.getItem('closure_notice_dismissed');if(c&&window.CSS){var e=document.createElement('style');" +
  "e.textContent='[data-closure-start=\"'+CSS.escape(c)+'\"]{display:none}';document.head.appendChild(e)}" +
  '}catch(e){}' +
  // Clicks on the page's controls before the app has taken it over: kept, and replayed by the app.
  "var q=window.__earlyClicks=[];document.addEventListener('click',function(e){" +
  "if(d.hasAttribute('data-app-ready'))return;" +
  "var t=e.target&&e.target.closest&&e.target.closest('button,[role=button],[role=tab],input,select,summary');" +
  'if(t){e.preventDefault();q.push(t)}},true);' +
  // The app's entry script starts once the page is parsed and has painted (the browser would
  // otherwise run the app first, its scripts being fetched already); a timer for background tabs.
  "var g=0,a=function(){var u=d.getAttribute('data-app-entry'),p=document.getElementById('app-preloads');" +
  'if(g||!u)return;g=1;if(p)document.head.appendChild(p.content);' +
  "var m=document.createElement('script');m.type='module';m.src=u;document.head.appendChild(m)}," +
  // Text fields of the markup take no typing until the app has taken them over (the app would
  // drop what was typed); AppReady in main.tsx lets them go.
  "f=function(){var w=document.querySelectorAll('#root>[data-ssr] input:not([type=radio]):not([type=checkbox])" +
  ":not([type=hidden]):not([readonly]),#root>[data-ssr] textarea:not([readonly])');" +
  "for(var i=0;i<w.length;i++){w[i].readOnly=true;w[i].setAttribute('data-ssr-wait','')}" +
  'requestAnimationFrame(function(){setTimeout(a,0)});setTimeout(a,250)};' +
  "if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',f);else f()})()";

export const SSR_CHECK_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SSR_CHECK_SCRIPT).digest('base64')}'`;

const HIDE_STYLE =
  `[data-ssr-off] #root>[${SSR_MARKUP_ATTRIBUTE}],` +
  `[data-consent] #root>[${SSR_MARKUP_ATTRIBUTE}] [data-cookie-banner]{display:none}`;

/** Phones and tablets get the narrow header (below 1280 px); the check script corrects a wrong guess. */
export function guessNarrow(userAgent: string | undefined): boolean {
  return /Mobi|Android|iPhone|iPad|iPod|Tablet|Silk|Kindle/i.test(userAgent ?? '');
}

/** Where the renderer bundle is: next to the SPA's dist folder (`packages/web/dist-ssr`). */
export function rendererPath(webDist: string): string {
  return path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
}

/** Loads the renderer bundle, or undefined when the web package was built without it. */
export async function loadRenderer(file: string, log: FastifyBaseLogger): Promise<SsrRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderer?: SsrRenderer };
    return module.renderer;
  } catch (error) {
    log.error({ err: error }, 'the page renderer did not load; pages are rendered by the browser only');
    return undefined;
  }
}

/**
 * The renderer's API calls, answered in process by the app itself, as from the visitor's address.
 * A personal render (`readOnly`) may only read: any other call is refused, so rendering a page
 * never changes anything of the account, whatever the page's code asks for.
 */
export function injectFetch(
  app: FastifyInstance,
  request: FastifyRequest,
  { readOnly = false }: { readOnly?: boolean } = {},
): SsrFetch {
  return async (input, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (readOnly && method !== 'GET') {
      return Response.json({ error: 'ERR_METHOD_NOT_ALLOWED' }, { status: 405 });
    }
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const answer = await app.inject({
      method: method as InjectOptions['method'],
      url: input,
      headers,
      remoteAddress: request.ip,
      ...(init.body !== undefined && init.body !== null ? { payload: String(init.body) } : {}),
    });
    const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, String(value));
    }
    return new Response(body, { status: answer.statusCode, headers: responseHeaders });
  };
}

/** JSON inside a script element: `<` never closes it. */
function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** The value of one cookie of the request, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The SPA's index.html with the rendered page in it. `user` is the session the page was rendered
 * for ("userId/customerId"), absent for an anonymous page.
 */
export function pageHtml(template: string, page: SsrPage, narrow: boolean, user?: string): string {
  const css = page.css.replace(/<\//g, '<\\/');
  const head =
    `<script>${SSR_CHECK_SCRIPT}</script><style>${HIDE_STYLE}</style>${page.head}` +
    `<style data-emotion="css ${page.cssIds.join(' ')}">${css}</style>`;
  // The app's scripts load after the page has painted: the check script adds the entry and its
  // preloads then. Fetched from the head, they would compete with the page's pictures and fonts.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  const preloads = [...template.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
  const rest = entry ? template.replace(entry[0], '') : template;
  return rest
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<html([^>]*)>/,
      `<html$1 data-ssr-narrow="${narrow ? '1' : '0'}"${user ? ` data-ssr-user="${user}"` : ''}` +
        `${entry ? ` data-app-entry="${entry[1]}"` : ''}>`,
    )
    .replace('</head>', `${head}<template id="app-preloads">${preloads.join('')}</template></head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root"><div ${SSR_MARKUP_ATTRIBUTE}>${page.html}</div></div>` +
        `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(page.state)}</script>`,
    );
}

/** A session token the server has checked: its user and the customer it acts for. */
export interface CheckedSession {
  userId: number;
  /** The token's customer id (an agent's selected customer), null for none. */
  customerId: number | null;
}

export interface SsrPagesOptions {
  app: FastifyInstance;
  renderer: SsrRenderer;
  template: string;
  /**
   * Checks a session cookie's token as the API would (signature, expiry, revocation, a shop
   * account); null when it would be refused. Without it, personal pages are not rendered.
   */
  checkSession?: (token: string) => Promise<CheckedSession | null>;
  /** How long a rendered page is served again to other anonymous visitors (ms); 0 turns it off. */
  cacheMs?: number;
  /** Pages kept at most. */
  cacheEntries?: number;
  /** Renders at once at most; more requests get the plain page (the browser renders it). */
  maxRendering?: number;
}

/**
 * Renders a page, or answers null (the caller sends the plain index.html) when the renderer declines
 * or fails. Every anonymous hu visitor sees the same page, so a rendered page is kept a few seconds:
 * a burst of visitors costs one render, and stock shown to them is at most that old (they cannot
 * order without logging in, and the app fetches fresh data as they move on).
 * A render costs tens of milliseconds of CPU (a search more), and addresses that miss the cache
 * (random search terms) could keep the process busy rendering: beyond `maxRendering` renders at
 * once, a request gets the plain page, which the browser renders as before.
 */
export interface RenderedPage {
  html: string;
  /** Rendered for one account: never stored by a cache, never sent to anyone else. */
  personal: boolean;
}

export function createSsrPages({
  app,
  renderer,
  template,
  checkSession,
  cacheMs = 5000,
  cacheEntries = 200,
  maxRendering = 2,
}: SsrPagesOptions) {
  const cache = new Map<string, { html: string; until: number }>();
  let rendering = 0;

  /**
   * Runs one render in a free slot: null when all `maxRendering` slots are taken, or when the render
   * declines or fails (logged); the browser renders the page then.
   */
  async function inSlot(
    request: FastifyRequest,
    work: () => Promise<RenderedPage | null>,
  ): Promise<RenderedPage | null> {
    if (rendering >= maxRendering) return null;
    rendering += 1;
    try {
      return await work();
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed; the browser renders the page');
      return null;
    } finally {
      rendering -= 1;
    }
  }

  /** The cart or the checkout, for the account of the session cookie (decision 0017). */
  function renderPersonal(request: FastifyRequest, narrow: boolean): Promise<RenderedPage | null> {
    const token = readCookie(request.headers.cookie, SSR_AUTH_COOKIE);
    if (!token || !checkSession) return Promise.resolve(null);
    return inSlot(request, async () => {
      const session = await checkSession(token);
      if (!session) return null;
      const page = await renderer.renderPage({
        url: request.url,
        fetch: injectFetch(app, request, { readOnly: true }),
        narrow,
        token,
      });
      if (!page) return null;
      const user = `${session.userId}/${session.customerId ?? ''}`;
      return { html: pageHtml(template, page, narrow, user), personal: true };
    });
  }

  return async function render(request: FastifyRequest): Promise<RenderedPage | null> {
    const narrow = guessNarrow(request.headers['user-agent']);
    if (isPersonalPath(request.url.split('?')[0] ?? '')) return renderPersonal(request, narrow);
    const key = `${narrow ? 'n' : 'w'}${request.url}`;
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.until > now) return { html: cached.html, personal: false };
    return inSlot(request, async () => {
      const page = await renderer.renderPage({ url: request.url, fetch: injectFetch(app, request), narrow });
      if (!page) return null;
      const html = pageHtml(template, page, narrow);
      if (cacheMs > 0) {
        cache.delete(key);
        cache.set(key, { html, until: Date.now() + cacheMs });
        if (cache.size > cacheEntries) cache.delete(cache.keys().next().value as string);
      }
      return { html, personal: false };
    });
  };
}

/** Compressed copies of the last pages sent (index.html, the rendered pages in their few seconds). */
const encoded = new Map<string, { br?: Buffer; gzip?: Buffer }>();
const ENCODED_KEPT = 64;

/**
 * The page compressed as the browser accepts it (brotli, else gzip), or as it is. A page sent once
 * (`keep: false`, a personal page) is not kept.
 */
export function encodeHtml(
  html: string,
  acceptEncoding: string | undefined,
  { keep = true }: { keep?: boolean } = {},
): { body: string | Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q !== undefined && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
  if (!encoding || html.length < 1024) return { body: html };
  if (!keep) return { body: compress(html, encoding), encoding };
  let entry = encoded.get(html);
  if (!entry) {
    entry = {};
    encoded.set(html, entry);
    if (encoded.size > ENCODED_KEPT) encoded.delete(encoded.keys().next().value as string);
  }
  entry[encoding] ??= compress(html, encoding);
  return { body: entry[encoding], encoding };
}

function compress(html: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}
