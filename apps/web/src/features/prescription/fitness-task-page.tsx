import type { RouteDef } from '@peis/shared';
import { PrescriptionPage } from './prescription-page';

/** /main/fitness/task 运动处方. */
export default function FitnessTaskPage({ route }: { route: RouteDef }) {
  return <PrescriptionPage kind="fitness" route={route} />;
}
