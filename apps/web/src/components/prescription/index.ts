/**
 * Diet and exercise prescriptions on the web: the calls (propose, generate, effect, bulk jobs), the derivation
 * as a person reads it, the A4 sheet (打印), the effect at the next check (效果) and a person's prescriptions —
 * shared by the prescription screens and the person's detail page.
 */
export * from './derivation';
export { ChangeCell, EffectBody, EffectDrawer, type EffectDrawerProps } from './effect-view';
export { PersonPrescriptions, PrescriptionStatusTag, planSummary } from './person-prescriptions';
export * from './prescription-api';
export * from './prescription-record';
export { PrescriptionSheet, PrintDialog, type PrintDialogProps } from './print-sheet';
