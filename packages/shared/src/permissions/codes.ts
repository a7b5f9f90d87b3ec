/**
 * A permission code (menu `company:x` / `main:x`, button `x:add`, API). Widened to string until the route
 * list is typed literally; then a typo in a declaration's permission fails to compile.
 */
export type PermissionCode = string;
