import { DEFAULT_REFUND_WINDOW_DAYS, MAX_CODES_PER_PLAN, pageTitle } from '@everdeal/contracts/constants';
import { Link } from 'react-router';
import { PolicyLayout, type PolicySection } from '~/features/policies/components/policy-layout';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/terms-of-service';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Terms of service'),
    description:
      'The terms for buying on Everdeal: accounts, lifetime and subscription licenses delivered as license codes, refunds, reviews and sellers.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/terms-of-service',
  });

const sections: PolicySection[] = [
  {
    id: 'about',
    title: 'What Everdeal is',
    body: (
      <>
        <p>
          Everdeal sells licenses to AI software built by independent companies (the &ldquo;sellers&rdquo;). You buy the
          license from Everdeal; the software itself is run by the seller, under the seller&rsquo;s own terms of use,
          which the product page links to.
        </p>
        <p>By creating an account or buying on Everdeal you agree to these terms.</p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 16 and give a real e-mail address. One account per person.</li>
        <li>
          Keep your password to yourself. You are responsible for what happens in your account until you tell us it has
          been compromised.
        </li>
        <li>You can deactivate your account at any time; the license codes you bought remain valid with the seller.</li>
      </ul>
    ),
  },
  {
    id: 'buying',
    title: 'Buying a deal',
    body: (
      <>
        <ul>
          <li>
            Prices are shown in US dollars next to the original price. Any sales tax is shown before you pay. A lifetime
            plan is charged once, at checkout; a subscription plan at checkout and then at each renewal (see below).
          </li>
          <li>
            Each unit you buy gives you one license code from the plan&rsquo;s pool. You can stack up to{' '}
            {MAX_CODES_PER_PLAN} codes of one plan in one order where the seller allows it.
          </li>
          <li>
            Codes are limited. When a plan runs out it is sold out, and a deal closes on its end date; neither can be
            bought afterwards.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'lifetime',
    title: 'What “lifetime” means',
    body: (
      <>
        <p>
          A <strong>lifetime plan</strong> gives you access to the plan for as long as the seller operates the product,
          with no recurring fee. It is the lifetime of the product, not of the buyer. The plan&rsquo;s limits, such as
          seats, projects or AI credits per month, are the ones listed on the plan when you bought it, and future
          updates are included as the plan describes.
        </p>
        <p>
          If a seller ends a deal, they must give at least 90 days&rsquo; notice, and our{' '}
          <Link to="/refund-policy#lifetime-promise">lifetime promise</Link> pays you store credit: 100% of what you
          paid within the 12 months before the end, 50% within 24 months, funded by the seller.
        </p>
        <p>
          Where a deal lets you bring your own API key, usage on that key is billed to you by the model provider, not by
          Everdeal or the seller.
        </p>
      </>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and plan changes',
    body: (
      <ul>
        <li>
          Subscription plans renew automatically each month or year at the price you signed up for, until you cancel.
          Cancelling stops the next renewal; you keep access until the end of the paid period.
        </li>
        <li>Upgrading to a higher tier costs the difference between the two prices.</li>
        <li>Moving to a lower tier inside the refund window refunds the difference.</li>
      </ul>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <p>
        Most deals can be refunded within {DEFAULT_REFUND_WINDOW_DAYS} days; some within 30 days, and some not at all.
        Each deal shows its window before you buy. The <Link to="/refund-policy">refund policy</Link> explains how
        refunds work and the limits that apply.
      </p>
    ),
  },
  {
    id: 'license-codes',
    title: 'Using your license codes',
    body: (
      <ul>
        <li>Redeem your codes on the seller&rsquo;s site through the link on your order page.</li>
        <li>Codes are for your own use or your organisation&rsquo;s. Reselling them is not allowed.</li>
        <li>A refunded code is revoked and stops working.</li>
      </ul>
    ),
  },
  {
    id: 'community',
    title: 'Reviews, questions and community posts',
    body: (
      <>
        <p>
          Only buyers with an active, unrefunded purchase can review a product, once per product. Reviews must describe
          your own experience; paid, fake or copied reviews are removed.
        </p>
        <p>
          You keep the rights to what you post and allow us to show it on Everdeal. We may remove posts that are
          unlawful, abusive, off-topic or advertising, and suspend accounts that keep posting them.
        </p>
      </>
    ),
  },
  {
    id: 'sellers',
    title: 'Selling on Everdeal',
    body: (
      <p>
        Sellers join through our <Link to="/launch">launch page</Link> and sign a separate seller agreement. Sellers
        receive 70% of each sale, paid monthly once the refund window of the sale has closed, and are responsible for
        running their product and supporting their buyers. A seller who ends a deal gives its buyers at least 90
        days&rsquo; notice and funds their lifetime-promise store credit from their payouts.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <>
        <p>
          We check every product before it launches, but the seller provides the software and is responsible for it. If
          a seller stops supporting a deal, <Link to="/contact">contact us</Link> and we will help.
        </p>
        <p>
          To the extent the law allows, Everdeal&rsquo;s liability for any claim is limited to what you paid us in the
          12 months before it. Nothing in these terms limits rights you have under consumer protection law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; the effective date above shows the current version, and we e-mail account holders
        before material changes take effect. Questions:{' '}
        <a href="mailto:support@everdeal.local">support@everdeal.local</a>.
      </p>
    ),
  },
];

export default function TermsOfService() {
  return (
    <PolicyLayout
      title="Terms of service"
      currentPath="/terms-of-service"
      summary={
        <p>
          The rules for buying AI software licenses on Everdeal: what you get when you buy a deal, how license codes,
          subscriptions and refunds work, and what we expect from everyone who posts here.
        </p>
      }
      sections={sections}
    />
  );
}
