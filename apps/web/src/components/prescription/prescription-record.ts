import { type CookbookPlan, metIntensity, weeklyMetMinutes, weeklyModerateMinutes } from '@peis/shared';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import type { Adjustment, DietEnergy, FitnessItem, FitnessProposal, PrescriptionKind } from './prescription-api';

/** What both kinds of prescription show on their sheet, read from the declared record. */
export interface SheetBase {
  id: number;
  status: number;
  employeeId: number;
  employeeName: string;
  unitName: string | null;
  sex: number | null;
  age: number | null;
  checkDate: string | null;
  issuedAt: string | null;
  issuedByName: string | null;
  startDate: string | null;
  endDate: string | null;
  targets: string[];
  adjustments: Adjustment[];
  /** The check values the rules read (the inputs snapshot), by indicator code. */
  values: Record<string, number | null>;
  advice: string | null;
  outcome: string | null;
}

/** A principle as printed: its name and text (rich text, sanitised before it is shown). */
export interface PrintedPrinciple {
  id: number;
  name: string;
  classify?: string;
  contents?: string | null;
}

export interface PrintedTcm {
  id: number;
  name: string;
  configs?: string | null;
  functions?: string | null;
  usage?: string | null;
}

export interface DietSheet extends SheetBase {
  kind: 'diet';
  energy: DietEnergy | null;
  /** The daily energy the prescription settled on (staff may change the computed one). */
  prescribedKcal: number | null;
  cookbook: { id: number; name: string; kcalMin: number; kcalMax: number } | null;
  plan: CookbookPlan | null;
  principles: PrintedPrinciple[];
  tcm: PrintedTcm[];
  constitution: number | null;
}

/** An exercise prescription's sheet: the plan as proposed (and then edited), the rules' China-PAR, the principles. */
export interface FitnessSheet
  extends SheetBase,
    Pick<
      FitnessProposal,
      'referFirst' | 'maxIntensity' | 'template' | 'items' | 'weeklyMinutes' | 'moderateMinutes' | 'metMinutes'
    > {
  kind: 'fitness';
  clearanceNote: string | null;
  /** China-PAR 10-year risk (%) the rules read; null when not assessed. */
  chinaPar: number | null;
  principles: PrintedPrinciple[];
}

export type Sheet = DietSheet | FitnessSheet;

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const numOrNull = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
/** A yyyy-MM-dd of a date or timestamp value. */
const day = (v: unknown): string | null => str(v)?.slice(0, 10) ?? null;

/** Whole years from a birthday (yyyy-MM-dd) to a date (today when absent). */
export function ageAt(birthday: string | null, on: string | null): number | null {
  if (!birthday) return null;
  const b = new Date(`${birthday.slice(0, 10)}T00:00:00`);
  const d = on ? new Date(`${on.slice(0, 10)}T00:00:00`) : new Date();
  if (Number.isNaN(b.getTime()) || Number.isNaN(d.getTime())) return null;
  let age = d.getFullYear() - b.getFullYear();
  if (d.getMonth() < b.getMonth() || (d.getMonth() === b.getMonth() && d.getDate() < b.getDate())) age -= 1;
  return age;
}

function base(r: ResourceRecord): SheetBase {
  const issuedAt = day(r.issuedAt);
  return {
    id: Number(r.id),
    status: Number(r.status ?? 1),
    employeeId: Number(r.employeeId),
    employeeName: str(r.name ?? r.employeeIdName ?? r.employeeName) ?? '-',
    unitName: str(r.unitName),
    sex: numOrNull(r.sex),
    age: numOrNull(r.age) ?? ageAt(day(r.birthday), issuedAt),
    checkDate: day(r.checkDate),
    issuedAt,
    issuedByName: str(r.issuedByName),
    startDate: day(r.startDate),
    endDate: day(r.endDate),
    targets: arr<string>(r.targets),
    adjustments: arr<Adjustment>(r.adjustments),
    values: (obj(obj(r.inputs)?.values) ?? {}) as Record<string, number | null>,
    advice: str(r.advice),
    outcome: str(r.outcome),
  };
}

/** A fitness line of a record: the child row with its item's name and MET (intensity from the MET). */
function itemOf(row: Record<string, unknown>): FitnessItem {
  const met = Number(row.met ?? 0);
  return {
    itemId: Number(row.itemId),
    name: str(row.name ?? row.itemName) ?? '-',
    met,
    intensity: metIntensity(met),
    minutes: Number(row.minutes ?? 0),
    sessionsPerWeek: Number(row.sessionsPerWeek ?? 0),
  };
}

/** The energy derivation stored on a diet record (its flat columns), null before it was computed. */
function energyOf(r: ResourceRecord): DietEnergy | null {
  const nested = obj(r.energy);
  if (nested) return nested as unknown as DietEnergy;
  const height = numOrNull(r.height);
  const weight = numOrNull(r.weight);
  const idealWeight = numOrNull(r.idealWeight);
  const kcalPerKg = numOrNull(r.kcalPerKg);
  if (height === null || weight === null || idealWeight === null || kcalPerKg === null) return null;
  const deficit = numOrNull(r.deficit);
  const tee = numOrNull(r.tee) ?? 0;
  return {
    height,
    weight,
    bmi: numOrNull(r.bmi) ?? 0,
    idealWeight,
    bodyType: (numOrNull(r.bodyType) ?? 2) as DietEnergy['bodyType'],
    activityLevel: (numOrNull(r.activityLevel) ?? 2) as DietEnergy['activityLevel'],
    kcalPerKg,
    target: Math.round(idealWeight * kcalPerKg),
    deficit,
    mifflin: {
      bmr: numOrNull(r.bmr) ?? 0,
      pal: numOrNull(r.pal) ?? 0,
      tee,
      withDeficit: deficit ? tee - deficit : null,
    },
  };
}

/**
 * The sheet of a prescription: the declared record (GET {endpoint}/:id) with, when the sheet call sent them,
 * the snapshot and texts the record does not list (plan, adjustments, principles, 中医食疗).
 */
export function sheetOf(kind: PrescriptionKind, r: ResourceRecord): Sheet {
  if (kind === 'diet') {
    const cookbook = obj(r.cookbook);
    const plan = obj(r.plan) as CookbookPlan | null;
    return {
      ...base(r),
      kind,
      energy: energyOf(r),
      prescribedKcal: numOrNull(r.targetKcal),
      cookbook: cookbook
        ? (cookbook as DietSheet['cookbook'])
        : plan
          ? { id: plan.cookbookId, name: plan.name, kcalMin: plan.kcalMin, kcalMax: plan.kcalMax }
          : null,
      plan,
      principles: arr<PrintedPrinciple>(r.principles),
      tcm: arr<PrintedTcm>(r.tcm),
      constitution: numOrNull(r.constitution),
    };
  }
  const items = arr<Record<string, unknown>>(r.items).map(itemOf);
  return {
    ...base(r),
    kind,
    referFirst: Boolean(r.referFirst),
    maxIntensity: numOrNull(r.maxIntensity) as FitnessProposal['maxIntensity'],
    template:
      (obj(r.template) as FitnessSheet['template']) ??
      (r.templateName ? { id: 0, name: String(r.templateName) } : null),
    items,
    weeklyMinutes: numOrNull(r.weeklyMinutes) ?? weeklyMinutesOf(items),
    moderateMinutes: numOrNull(r.moderateMinutes) ?? weeklyModerateMinutes(items),
    metMinutes: numOrNull(r.metMinutes) ?? Math.round(weeklyMetMinutes(items)),
    clearanceNote: str(r.clearanceNote),
    chinaPar: numOrNull(r.chinaPar),
    principles: arr<PrintedPrinciple>(r.principles),
  };
}

const weeklyMinutesOf = (items: readonly FitnessItem[]) => items.reduce((s, i) => s + i.minutes * i.sessionsPerWeek, 0);
