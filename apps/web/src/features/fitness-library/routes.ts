import { defineScreens } from '../../app/screens';

/** Bespoke screens of this feature (a declared resource's route needs none: resource-ui serves it). */
export const FITNESS_LIBRARY_SCREENS = defineScreens({});
