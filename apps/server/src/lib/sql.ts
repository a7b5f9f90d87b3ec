/**
 * Placeholders of a multi-row VALUES list: `($1,$2),($3,$4)` for 2 rows × 2 columns; `casts` adds a cast
 * to a column (1-based), e.g. `{ 2: '::jsonb' }`.
 */
export function placeholders(rows: number, cols: number, casts: Record<number, string> = {}): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 1; c <= cols; c++) cells.push(`$${r * cols + c}${casts[c] ?? ''}`);
    out.push(`(${cells.join(',')})`);
  }
  return out.join(',');
}
