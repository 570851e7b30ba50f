import { aiCreditsAndByok } from './ai-credits-and-bring-your-own-key';
import { changingPlans } from './changing-plans-after-you-buy';
import { howLifetimeDealsWork } from './how-lifetime-deals-work';
import { howToJudgeADeal } from './how-to-judge-an-ai-lifetime-deal';
import { redeemingYourCodes } from './redeeming-your-codes';
import { refundWindowsExplained } from './refund-windows-explained';
import { stackingLicenseCodes } from './stacking-license-codes';
import type { DemoBlogPost } from './types';
import { whyFoundersLaunch } from './why-founders-launch-lifetime-deals';

export type { DemoBlogPost } from './types';

/** The demo blog, newest first (requirements §10: the demo catalogue comes with blog posts). */
export const demoBlogPosts: DemoBlogPost[] = [
  howLifetimeDealsWork,
  howToJudgeADeal,
  refundWindowsExplained,
  stackingLicenseCodes,
  aiCreditsAndByok,
  changingPlans,
  whyFoundersLaunch,
  redeemingYourCodes,
];
