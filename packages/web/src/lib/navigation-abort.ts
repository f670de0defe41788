/**
 * A navigation-scoped AbortController (docs/product.md §7: navigation aborts other pending requests).
 * The router renews it on every navigation; the API client ties each request to the signal that
 * was current when the request started.
 */
let controller = new AbortController();

export function getNavigationSignal(): AbortSignal {
  return controller.signal;
}

/** Aborts everything started under the previous navigation and starts a fresh scope. */
export function renewNavigationSignal(): void {
  const previous = controller;
  controller = new AbortController();
  previous.abort();
}
