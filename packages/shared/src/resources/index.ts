import { accountResource } from './account.resource';
import { cookbookResource } from './cookbook.resource';
import type { ResourceDef } from './define-resource';
import { dictResource } from './dict.resource';
import { dietPrescriptionResource } from './diet-prescription.resource';
import { dietPrincipleResource } from './diet-principle.resource';
import { dishResource } from './dish.resource';
import { dtcmResource } from './dtcm.resource';
import { expertResource } from './expert.resource';
import { facilityResource } from './facility.resource';
import { fitnessItemResource } from './fitness-item.resource';
import { fitnessPrescriptionResource } from './fitness-prescription.resource';
import { fitnessPrincipleResource } from './fitness-principle.resource';
import { fitnessTemplateResource } from './fitness-template.resource';
import { followUpPlanResource } from './follow-up-plan.resource';
import { healthCheckResource } from './health-check.resource';
import { helpResource } from './help.resource';
import { ingredientResource } from './ingredient.resource';
import { insuranceResource } from './insurance.resource';
import { interventionModelResource } from './intervention-model.resource';
import { interventionTaskResource } from './intervention-task.resource';
import { positiveFindingResource } from './positive-finding.resource';
import { positiveRuleResource } from './positive-rule.resource';
import { positiveTaskResource } from './positive-task.resource';
import { questionnaireResource } from './questionnaire.resource';
import { roleResource } from './role.resource';
import { servicePackageResource } from './service-package.resource';
import { targetResource } from './target.resource';
import { unitResource } from './unit.resource';
import { userResource } from './user.resource';

export * from './account.resource';
export * from './cookbook.resource';
export * from './define-resource';
export * from './dict.resource';
export * from './diet-prescription.resource';
export * from './diet-principle.resource';
export * from './dish.resource';
export * from './dtcm.resource';
export * from './expert.resource';
export * from './facility.resource';
export * from './field-schema';
export * from './fitness-item.resource';
export * from './fitness-prescription.resource';
export * from './fitness-principle.resource';
export * from './fitness-template.resource';
export * from './follow-up-plan.resource';
export * from './health-check.resource';
export * from './help.resource';
export * from './ingredient.resource';
export * from './insurance.resource';
export * from './intervention-model.resource';
export * from './intervention-task.resource';
export * from './options';
export * from './positive-finding.resource';
export * from './positive-rule.resource';
export * from './positive-task.resource';
export * from './questionnaire.resource';
export * from './record-of';
export * from './role.resource';
export * from './service-package.resource';
export * from './target.resource';
export * from './unit.resource';
export * from './user.resource';

/** Every declared resource, by name: the server registers their routes, the web their pages. */
export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [
    userResource,
    expertResource,
    roleResource,
    accountResource,
    unitResource,
    facilityResource,
    insuranceResource,
    dictResource,
    targetResource,
    helpResource,
    positiveRuleResource,
    questionnaireResource,
    positiveFindingResource,
    positiveTaskResource,
    healthCheckResource,
    followUpPlanResource,
    servicePackageResource,
    ingredientResource,
    dishResource,
    cookbookResource,
    dtcmResource,
    dietPrincipleResource,
    fitnessItemResource,
    fitnessTemplateResource,
    fitnessPrincipleResource,
    dietPrescriptionResource,
    fitnessPrescriptionResource,
    interventionModelResource,
    interventionTaskResource,
  ].map((r) => [r.name, r]),
);
