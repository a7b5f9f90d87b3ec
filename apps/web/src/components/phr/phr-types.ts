import type { PhrRecord } from '@peis/shared';

/** A past-history group as stored: has (0 none, 1 yes) and its entries. */
export interface HistoryGroupData<E> {
  has?: number | null;
  list?: E[] | null;
}
export interface IllnessEntry {
  time?: string | null;
  illnessName?: number | null;
  remark?: string | null;
}
export interface SurgeryEntry {
  time?: string | null;
  surgeryName?: string | null;
}
export interface TraumaEntry {
  time?: string | null;
  traumaName?: string | null;
}
export interface TransfusionEntry {
  time?: string | null;
  transfusionName?: string | null;
}

/** A list of codes with a free-text remark (family members, disability, drug allergy). SPEC §3: the list may come as a JSON string. */
export interface CodesWithRemark {
  value?: number[] | string | null;
  remark?: string | null;
}

export type PastHistoryKey = 'illness' | 'surgery' | 'trauma' | 'transfusion';
export type FamilyMemberKey = 'fater' | 'monter' | 'brothers' | 'children' | 'familyDiseases';

/**
 * The record as GET /phr/{id} sends it (SPEC §3, phrFormSchema output). Every part is optional here:
 * a record not yet filled in may lack whole sections, and the screens must still show what there is.
 */
export interface PhrRecordData {
  patientInfo?: Partial<PhrRecord['patientInfo']> | null;
  healthInfo?: Partial<PhrRecord['healthInfo']> | null;
  pastHistory?: {
    illness?: HistoryGroupData<IllnessEntry> | null;
    surgery?: HistoryGroupData<SurgeryEntry> | null;
    trauma?: HistoryGroupData<TraumaEntry> | null;
    transfusion?: HistoryGroupData<TransfusionEntry> | null;
  } | null;
  other?:
    | (Partial<Omit<PhrRecord['other'], 'disability' | 'drugIrritability'>> & {
        disability?: CodesWithRemark | null;
        drugIrritability?: CodesWithRemark | null;
      })
    | null;
  familyHistory?: Partial<Record<FamilyMemberKey, CodesWithRemark | null>> | null;
  lifeInfo?: Partial<PhrRecord['lifeInfo']> | null;
  environment?: Partial<PhrRecord['environment']> | null;
}

/** SPEC §3 tag object (arrives with the tagging feature). */
export interface PhrTags {
  level_tag?: string[] | null;
  audience_tag?: string | null;
  user_level_tag?: string | null;
}

/** GET /phr/{id} data. */
export interface PhrDetail {
  /** Employee id. */
  id: number;
  unitId: number;
  unitName: string;
  /** null while the employee has no record yet. */
  version: number | null;
  complete: boolean;
  missing: string[];
  updatedAt: string | null;
  updatedBy: string | null;
  record: PhrRecordData;
  tags?: PhrTags | null;
}

/** POST /phr/form answer. */
export interface PhrSaveAnswer {
  code: number;
  status?: 'success' | 'error' | 'warning' | 'info';
  msg?: string;
  data?: { id: number; version: number };
}
