import { defineScreens } from '../../app/screens';

/** Bespoke screens of this feature (a declared resource's route needs none: resource-ui serves it). */
export const INTERVENTION_SCREENS = defineScreens({});
