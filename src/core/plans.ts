import { DOMAIN_PLANS } from '../contract/errors.js';

/**
 * Whether a project on this plan may have custom domains (Scale and Enterprise); undefined when
 * the plan is not known. The server's 402 and every face's hint and column ask this.
 */
export function canHaveCustomDomains(plan: string | undefined): boolean | undefined {
  return plan === undefined ? undefined : (DOMAIN_PLANS as readonly string[]).includes(plan);
}

/** A plan as a sentence names it: `scale` → `Scale`. */
export function planName(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** The plans that may have custom domains, as a sentence names them: `Scale or Enterprise`. */
export const DOMAIN_PLAN_NAMES = DOMAIN_PLANS.map(planName).join(' or ');
