import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCrossings, judge } from './check-boundaries.mjs';

const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
const write = (path, text) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
write('apps/web/src/features/phr/list.tsx', "import { Tag } from '../positive/tags';\nimport { x } from './own';\n");
write('apps/web/src/features/phr/own.ts', "import { Card } from '../../components/card';\n");
write('apps/web/src/features/positive/tags.tsx', "const P = lazy(() => import('../followup/page'));\n");
write(
  'apps/server/src/modules/checks/routes.ts',
  "import { scope } from '../../lib/scope';\nexport { a } from '../positive/evaluate';\n",
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('import boundaries', () => {
  it('finds static, re-exported and lazy imports into another feature folder, and only those', () => {
    expect(findCrossings(root)).toEqual([
      { from: 'apps/web/src/features/phr/list.tsx', to: 'apps/web/src/features/positive/tags' },
      { from: 'apps/web/src/features/positive/tags.tsx', to: 'apps/web/src/features/followup/page' },
      { from: 'apps/server/src/modules/checks/routes.ts', to: 'apps/server/src/modules/positive/evaluate' },
    ]);
  });

  it('fails on a crossing no exception covers and on an exception that covers nothing', () => {
    const listed = [
      { from: 'apps/web/src/features/phr/', to: 'apps/web/src/features/positive/tags' },
      { from: 'apps/server/src/modules/checks/', to: 'apps/server/src/modules/positive/evaluate' },
      { from: 'apps/server/src/modules/admin/', to: 'apps/server/src/modules/auth/service' },
    ];
    const { fresh, stale } = judge(findCrossings(root), listed);
    expect(fresh).toEqual([
      { from: 'apps/web/src/features/positive/tags.tsx', to: 'apps/web/src/features/followup/page' },
    ]);
    expect(stale).toEqual([listed[2]]);
  });
});
