import type { RouteDef } from '@peis/shared';
import { PrescriptionPage } from './prescription-page';

/** /main/diet/task 膳食处方. */
export default function DietTaskPage({ route }: { route: RouteDef }) {
  return <PrescriptionPage kind="diet" route={route} />;
}
