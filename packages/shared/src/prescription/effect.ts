/** The effect answers of a prescription (GET {endpoint}/:id/effect, GET /prescriptions/effect-summary), server and web. */

/** One targeted indicator before → after. */
export interface EffectIndicator {
  code: string;
  name: string;
  unit: string;
  before: number | null;
  after: number | null;
  change: number | null;
  better: 'down' | 'up';
  /** Moved in the better direction: true; unchanged or worse: false; a value missing: null. */
  improved: boolean | null;
}

/** GET {endpoint}/:id/effect: the baseline check, the first check after issue, and the person's trend. */
export interface PrescriptionEffect {
  baseline: { checkId: number; date: string } | null;
  after: { checkId: number; date: string } | null;
  indicators: EffectIndicator[];
  trend: { date: string; values: Record<string, number> }[];
}

/** One unit of GET /prescriptions/effect-summary. */
export interface EffectSummaryRow {
  unitId: number;
  unitName: string;
  issued: number;
  withNextCheck: number;
  improved: number;
  /** % of withNextCheck, one decimal; null without any. */
  rate: number | null;
}
