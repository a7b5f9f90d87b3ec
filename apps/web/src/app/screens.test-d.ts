/** Type-level test, checked by `npm run typecheck` (tsc -p apps/web): screens register under declared route keys. */
import { lazy } from 'react';
import { defineScreens } from './screens';

const Page = lazy(async () => ({ default: () => null }));

export const ok = defineScreens({ 'main/positive/new': Page, 'main/phr/detail/:id': Page });
// @ts-expect-error a typo in a route key
export const typo = defineScreens({ 'main/positive/news': Page });
