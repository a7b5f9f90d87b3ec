import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueSql } from './catalogue-sql';

describe('migration 019 ships the catalogue of packages/shared/src/exercise/catalogue.ts', () => {
  it('holds exactly catalogueSql() between its markers', () => {
    const sql = readFileSync(new URL('../../db/migrations/019_fitness_library.sql', import.meta.url), 'utf8');
    const shipped = /-- BEGIN shipped catalogue\n([\s\S]*)-- END shipped catalogue\n/.exec(sql)?.[1];
    expect(shipped, 'the markers are in the migration').toBeDefined();
    expect(shipped).toBe(catalogueSql());
  });
});
