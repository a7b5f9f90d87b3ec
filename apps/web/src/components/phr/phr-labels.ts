import * as E from '@peis/shared';

/** The four tabs of the viewer and the edit dialog (SPEC §2). */
export type PhrTabKey = 'patient' | 'health' | 'family' | 'life';
export const TAB_LABELS: Record<PhrTabKey, string> = {
  patient: '个人信息',
  health: '健康信息',
  family: '家庭信息',
  life: '生活信息',
};

/** Which tab shows a section of the record (and the form's top-level fields). */
export const TAB_OF_SECTION: Record<string, PhrTabKey> = {
  unitId: 'patient',
  id: 'patient',
  version: 'patient',
  type: 'patient',
  patientInfo: 'patient',
  healthInfo: 'health',
  pastHistory: 'health',
  other: 'health',
  familyHistory: 'family',
  lifeInfo: 'life',
  environment: 'life',
};

export {
  PHR_ENVIRONMENT_LABELS as ENVIRONMENT_LABELS,
  PHR_FAMILY_MEMBERS as FAMILY_MEMBERS,
  PHR_HEALTH_LABELS as HEALTH_LABELS,
  PHR_HEALTH_UNITS as HEALTH_UNITS,
  PHR_LIFE_LABELS as LIFE_LABELS,
  PHR_OTHER_LABELS as OTHER_LABELS,
  PHR_PAST_GROUPS as PAST_GROUPS,
  PHR_PATIENT_LABELS as PATIENT_LABELS,
  PHR_SECTION_LABELS as SECTION_LABELS,
  phrPathLabel as pathLabel,
} from '@peis/shared';

/** Enumerations of the coded fields, by section and field. */
export const FIELD_ENUMS: Record<string, Record<string, E.Enum>> = {
  patientInfo: {
    sex: E.SEX,
    permanent: E.PERMANENT,
    educationLevel: E.EDUCATION,
    professional: E.OCCUPATION,
    payType: E.PAY_TYPE,
    marital: E.MARITAL,
    fertility: E.FERTILITY,
  },
  healthInfo: { blood: E.BLOOD },
  other: { heredity: E.HAS, disability: E.DISABILITY, drugIrritability: E.DRUG_ALLERGY, expose: E.EXPOSURE },
  lifeInfo: { foods: E.FOODS, sleep: E.SLEEP, smoke: E.SMOKE, drink: E.DRINK, daily: E.DAILY },
  environment: {
    exhaust: E.EXHAUST,
    energy: E.ENERGY,
    water: E.WATER,
    toilet: E.TOILET,
    acorral: E.ACORRAL,
  },
};

/** A list of codes from the record: the list itself, or that list written as a JSON string (SPEC §3). */
export function codeList(value: unknown): number[] {
  if (value === null || value === undefined || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = value.split(',');
    }
  }
  if (!Array.isArray(list)) list = [list];
  return (list as unknown[]).map((c) => Number(c)).filter((c) => Number.isFinite(c));
}
