import { RESOURCES, type ResourceDef } from '@peis/shared';

/** A resource's route as a RouteDef path: '/company/Facility' → 'company/Facility'. */
export const routePathOf = (r: ResourceDef) => r.route.replace(/^\/+|\/+$/g, '');

/**
 * The resource whose list page lives at a RouteDef path, if any. Read from the registry at call time, so a
 * resource added to RESOURCES gets its screen with no change here.
 */
export function resourceForRoute(path: string): ResourceDef | undefined {
  return Object.values(RESOURCES).find((r) => routePathOf(r) === path);
}
