export { POLICY_EFFECTIVE_DATE, POLICY_EFFECTIVE_DATE_LABEL, PolicyLayout, type PolicySection } from './policy-layout';
