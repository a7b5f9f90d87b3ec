import type { RouteDef, RouteKey } from '@peis/shared';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A bespoke screen: loaded on first visit (React.lazy), given its route declaration. */
export type Screen = LazyExoticComponent<ComponentType<{ route: RouteDef }>>;

/** A feature's screens by route key; a key that is not a declared route path fails to compile. */
export type Screens = Partial<Record<RouteKey, Screen>>;

/**
 * Registers a feature's screens (its `routes.ts` entry file). Each screen stays its own lazy chunk, so the
 * login page loads none of them.
 */
export const defineScreens = (screens: Screens): Screens => screens;
