/**
 * Starts downloading the chunks the console's first screen needs (providers, layout, route guards) without
 * waiting for one to ask for the next: the login page calls it on submit, the layout's loader too (router.tsx).
 * On a slow link each chunk fetched in turn would cost a round trip. A failure here is retried by the loader.
 */
export function preloadConsole(): void {
  for (const chunk of [import('./screen-providers'), import('./area-layout'), import('./route-guards')]) {
    chunk.catch(() => undefined);
  }
}
