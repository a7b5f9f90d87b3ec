import {
  dietPrescriptionResource,
  type EffectIndicator,
  type EffectSummaryRow,
  type EnergyNeed,
  type FitnessLine,
  fitnessPrescriptionResource,
  type PrescriptionEffect,
  type ResourceDef,
  type Adjustment as SharedAdjustment,
} from '@peis/shared';
import { http, type Query } from '../../app/http';
import type { CreatingJob } from '../job-progress';

/** The two kinds of prescription: 膳食处方 (/diet/task) and 运动处方 (/fitness/task). */
export type PrescriptionKind = 'diet' | 'fitness';

/** What each kind is called, where it lives and which button codes open its doors. */
export interface KindMeta {
  kind: PrescriptionKind;
  label: string;
  /** The declared resource (list, edit form, actions). */
  resource: ResourceDef;
  endpoint: string;
  route: string;
  permissions: { add: string; edit: string };
}

export const KINDS: Record<PrescriptionKind, KindMeta> = {
  diet: {
    kind: 'diet',
    label: '膳食处方',
    resource: dietPrescriptionResource,
    endpoint: '/diet/task',
    route: '/main/diet/task',
    permissions: { add: 'dietTask:add', edit: 'dietTask:edit' },
  },
  fitness: {
    kind: 'fitness',
    label: '运动处方',
    resource: fitnessPrescriptionResource,
    endpoint: '/fitness/task',
    route: '/main/fitness/task',
    permissions: { add: 'fitnessTask:add', edit: 'fitnessTask:edit' },
  },
};

/** The declared resource of a kind (packages/shared/src/resources). */
export const resourceOf = (kind: PrescriptionKind): ResourceDef => KINDS[kind].resource;

/** One adjustment the rules made to the plan, with the person's own value in its reason. */
export type Adjustment = SharedAdjustment;

/** The person a proposal is for. */
export interface ProposalPerson {
  id: number;
  name: string;
  sex: number | null;
  age: number | null;
  unitName: string | null;
}

/** The check the proposal read (the person's latest), values by indicator code. */
export interface ProposalCheck {
  id: number;
  date: string;
  values: Record<string, number | null>;
}

/** The energy derivation of a diet prescription (energyNeed in packages/shared/src/prescription/diet.ts). */
export type DietEnergy = EnergyNeed;

/** POST /diet/task/propose. */
export interface DietProposal {
  employee: ProposalPerson;
  check: ProposalCheck | null;
  energy: DietEnergy;
  cookbook: { id: number; name: string; kcalMin: number; kcalMax: number } | null;
  principles: { id: number; name: string; classify: string }[];
  tcm: { id: number; name: string }[];
  constitution: number | null;
  targets: string[];
  adjustments: Adjustment[];
}

/** One weekly item of an exercise plan. */
export type FitnessItem = FitnessLine;

/** POST /fitness/task/propose. */
export interface FitnessProposal {
  employee: ProposalPerson;
  check: ProposalCheck | null;
  /** BP ≥ 180/110: no prescription until a doctor has seen the person. */
  referFirst: boolean;
  /** The highest intensity allowed (1 低 2 中 3 高); null when no exercise at all. */
  maxIntensity: 1 | 2 | 3 | null;
  /** China-PAR 10-year risk (%) the rules read; null when not assessed. */
  chinaPar?: number | null;
  template: { id: number; name: string } | null;
  items: FitnessItem[];
  weeklyMinutes: number;
  moderateMinutes: number;
  metMinutes: number;
  clearanceNote: string | null;
  targets: string[];
  adjustments: Adjustment[];
}

export type Proposal = DietProposal | FitnessProposal;

/** What staff may choose before a proposal (diet: activity level and constitution). */
export interface ProposeInput {
  employeeId: number;
  activityLevel?: number;
  constitution?: number;
}

/** GET {endpoint}/:id/effect. */
export type EffectAnswer = PrescriptionEffect;
export type { EffectIndicator, EffectSummaryRow };

export interface EffectSummary {
  rows: EffectSummaryRow[];
  definition: string;
}

/** The bulk generation's filter (POST /prescriptions/generate-jobs). */
export interface BulkFilter {
  unitId?: number;
  riskLevel?: string;
  tag?: 'bp' | 'lipid' | 'glucose' | 'ua' | 'weight';
  minLevel?: number;
}

/** GET /prescriptions/generate-jobs/:id. */
export type GenerateJob = CreatingJob;

/** Query keys: a prescription's extras sit under its resource's key, so a write there refreshes them too. */
export const prescriptionKeys = {
  proposal: (kind: PrescriptionKind, input: ProposeInput) => ['resource', KINDS[kind].endpoint, 'propose', input],
  effect: (kind: PrescriptionKind, id: number | string) => ['resource', KINDS[kind].endpoint, 'effect', String(id)],
  summary: (kind: PrescriptionKind, q: Query) => ['resource', KINDS[kind].endpoint, 'effect-summary', q],
  job: (id: number) => ['prescription-job', id] as const,
};

/** 400 (no height/weight, bad input) and 409 (an open prescription exists) are shown in the dialog, not toasted. */
const OWN_MESSAGES = { catalogue: { 400: false, 409: false } } as const;

export const proposePrescription = <K extends PrescriptionKind>(kind: K, input: ProposeInput) =>
  http
    .post<{ data: K extends 'diet' ? DietProposal : FitnessProposal }>(
      `${KINDS[kind].endpoint}/propose`,
      input,
      OWN_MESSAGES,
    )
    .then((a) => a.data);

export const generatePrescription = (kind: PrescriptionKind, input: ProposeInput) =>
  http
    .post<{ data: { id: number } & Record<string, unknown> }>(`${KINDS[kind].endpoint}/generate`, input, OWN_MESSAGES)
    .then((a) => a.data);

export const fetchEffect = (kind: PrescriptionKind, id: number | string, signal?: AbortSignal) =>
  http.get<{ data: EffectAnswer }>(`${KINDS[kind].endpoint}/${id}/effect`, undefined, { signal }).then((a) => a.data);

export const fetchEffectSummary = (kind: PrescriptionKind, q: Query, signal?: AbortSignal) =>
  http
    .get<{
      data: EffectSummaryRow[] | { rows?: EffectSummaryRow[]; records?: EffectSummaryRow[] };
      definition?: string;
    }>('/prescriptions/effect-summary', { kind, ...q }, { signal })
    .then((a): EffectSummary => {
      const d = a.data;
      const rows = Array.isArray(d) ? d : (d.rows ?? d.records ?? []);
      const definition =
        a.definition ?? (Array.isArray(d) ? '' : String((d as { definition?: unknown }).definition ?? ''));
      return { rows, definition };
    });

export const startGenerateJob = (kind: PrescriptionKind, filter: BulkFilter) =>
  http
    .post<{ data: { jobId: number } }>('/prescriptions/generate-jobs', { kind, ...filter }, OWN_MESSAGES)
    .then((a) => a.data.jobId);

export const fetchGenerateJob = (id: number, signal?: AbortSignal) =>
  http.get<{ data: GenerateJob }>(`/prescriptions/generate-jobs/${id}`, undefined, { signal }).then((a) => a.data);
