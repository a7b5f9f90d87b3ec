/**
 * Imports across feature folders that existed when the boundary rule was switched on (issue 10). Each is
 * `from` (a file or folder prefix) → `to` (the imported file, without extension, or a folder prefix), with
 * who is moving the shared code out. Remove an entry when its imports are gone: the check fails on an entry
 * that matches nothing, so this list only shrinks. Do not add to it; move shared code instead.
 */
export const EXCEPTIONS = [
  // Web (H6 moves these into components/ or packages/shared).
  { from: 'apps/web/src/features/admin/', to: 'apps/web/src/features/auth/auth-api', why: 'ME_QUERY_KEY' },
  { from: 'apps/web/src/features/checks/', to: 'apps/web/src/features/positive/positive-api', why: 'positiveKeys' },
  { from: 'apps/web/src/features/checks/', to: 'apps/web/src/features/positive/positive-tags', why: 'status tags' },
  { from: 'apps/web/src/features/checks/', to: 'apps/web/src/features/positive/employee-picker', why: 'picker' },
  { from: 'apps/web/src/features/dashboard/', to: 'apps/web/src/features/positive/positive-tags', why: 'task tags' },
  { from: 'apps/web/src/features/followup/', to: 'apps/web/src/features/positive/employee-picker', why: 'picker' },
  { from: 'apps/web/src/features/phr/', to: 'apps/web/src/features/followup/followup-api', why: 'plan labels' },
  { from: 'apps/web/src/features/phr/', to: 'apps/web/src/features/positive/positive-api', why: 'Matched type' },
  { from: 'apps/web/src/features/phr/', to: 'apps/web/src/features/positive/positive-tags', why: 'status tags' },
  { from: 'apps/web/src/features/positive/', to: 'apps/web/src/features/followup/plan-form-dialog', why: 'plan form' },
];
