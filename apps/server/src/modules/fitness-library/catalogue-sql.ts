import { fileURLToPath } from 'node:url';
import {
  SHIPPED_FITNESS_ITEMS,
  SHIPPED_FITNESS_PRINCIPLES,
  SHIPPED_FITNESS_TEMPLATES,
  type ShippedItem,
} from '@peis/shared';

/** A SQL string literal. */
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

const itemRow = (i: ShippedItem) =>
  `  (${[
    lit(i.name),
    i.sportType,
    i.category,
    lit(i.code),
    i.met.toFixed(1),
    i.ageMin,
    i.ageMax,
    i.highImpact,
    lit(`身体活动纲要（2011）代码${i.code}：${i.compendium}`),
  ].join(', ')})`;

/**
 * The INSERTs of the shipped exercise catalogue (packages/shared/src/exercise/catalogue.ts), as migration 019
 * holds them between its BEGIN/END markers. `npx tsx apps/server/src/modules/fitness-library/catalogue-sql.ts`
 * prints them.
 */
export function catalogueSql(): string {
  const lines = SHIPPED_FITNESS_TEMPLATES.flatMap((t) =>
    t.lines.map((l, i) => `  (${[lit(t.name), i + 1, lit(l.item), l.minutes, l.sessionsPerWeek].join(', ')})`),
  );
  return [
    'INSERT INTO fitness_items (name, sport_type, category, met_code, met_value, age_min, age_max, high_impact, source) VALUES',
    `${SHIPPED_FITNESS_ITEMS.map(itemRow).join(',\n')};`,
    '',
    'INSERT INTO fitness_templates (name, classify_name, expire_days, explains) VALUES',
    `${SHIPPED_FITNESS_TEMPLATES.map((t) => `  (${[lit(t.name), lit(t.classify), t.expireDays, lit(t.explains)].join(', ')})`).join(',\n')};`,
    '',
    'INSERT INTO fitness_template_items (template_id, position, item_id, minutes, sessions_per_week)',
    'SELECT t.id, v.position, i.id, v.minutes, v.sessions FROM (VALUES',
    lines.join(',\n'),
    ') AS v(template, position, item, minutes, sessions)',
    'JOIN fitness_templates t ON t.name = v.template',
    'JOIN fitness_items i ON i.name = v.item;',
    '',
    'INSERT INTO fitness_principles (title, contents, sort_order) VALUES',
    `${SHIPPED_FITNESS_PRINCIPLES.map((p, i) => `  (${[lit(p.title), lit(p.contents), (i + 1) * 10].join(', ')})`).join(',\n')};`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(catalogueSql());
