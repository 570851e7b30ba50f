import { pageTitle } from '@everdeal/contracts/constants';
import { Link } from 'react-router';
import { PolicyLayout, type PolicySection } from '~/features/policies/components/policy-layout';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Privacy policy'),
    description:
      'What Everdeal stores about you (account, orders, payment tokens, never card numbers), why, for how long, and how to see, export or delete it.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/privacy-policy',
  });

const sections: PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Everdeal is a marketplace that sells lifetime and subscription licenses to AI software made by independent
        sellers. Everdeal decides how the personal data described here is used and is responsible for it. You can reach
        us about privacy at <a href="mailto:support@everdeal.local">support@everdeal.local</a>.
      </p>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What we store',
    body: (
      <>
        <h3>Your account</h3>
        <ul>
          <li>E-mail address, first and last name, and, if you add them, occupation and avatar.</li>
          <li>
            Your password, stored only as a one-way hash. If you log in with Google, we receive your e-mail address and
            name from Google, never your Google password.
          </li>
        </ul>
        <h3>Your orders</h3>
        <ul>
          <li>What you bought: products, plans, quantities, prices and the currency.</li>
          <li>The license codes issued to you, their activation state, refunds and plan changes.</li>
        </ul>
        <h3>Payments</h3>
        <ul>
          <li>
            Card details go straight to our payment provider. We keep only the provider&rsquo;s token for a saved
            payment method and what you need to recognise it: card brand, last four digits and expiry date.
          </li>
          <li>
            <strong>We never see or store full card numbers or security codes.</strong>
          </li>
        </ul>
        <h3>What you do on the site</h3>
        <ul>
          <li>Your cart, wishlist, upvotes, reviews, questions, answers and community posts.</li>
          <li>Messages you send to support or through the contact page.</li>
          <li>
            Technical data: IP address, browser and the time of each request, used to keep the service secure and to
            limit abuse such as repeated login attempts.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To run your account and log you in.</li>
        <li>To take payment, deliver license codes, and process refunds and plan changes.</li>
        <li>To prevent fraud and refund abuse, for example the limit of 3 self-service refunds in 30 days.</li>
        <li>To answer you when you contact us.</li>
        <li>To show your reviews and questions, under your display name, on product pages.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <ul>
          <li>
            <strong>Sellers</strong> learn that a code of theirs was sold, refunded or redeemed, and the amount. They do
            not receive your payment details.
          </li>
          <li>
            <strong>Our payment provider</strong> processes your card and stores it if you choose to save it.
          </li>
          <li>
            <strong>Our e-mail and hosting providers</strong> deliver our messages and run our servers, under contracts
            that forbid any other use.
          </li>
          <li>
            <strong>Authorities</strong>, only when the law requires it.
          </li>
        </ul>
        <p>We do not sell your personal data and we do not share it with advertisers.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          To keep you logged in, your browser&rsquo;s local storage holds your login token and a copy of your basic
          profile (name, e-mail and avatar), and a cookie (<code>everdeal_signed_in</code>) says only that you are
          logged in, so account pages can send visitors straight to the login page; local storage also notes when that
          cookie was last renewed, so it is renewed once a day. Logging out removes them.
        </p>
        <p>
          If you arrive through an affiliate link, we remember the referral code for 30 days so the affiliate is
          credited. We use no advertising cookies and no third-party tracking.
        </p>
      </>
    ),
  },
  {
    id: 'email',
    title: 'E-mail',
    body: (
      <p>
        We send the messages your purchases need: order confirmations, license codes, refund and subscription notices,
        and password resets. Newsletters and waitlist alerts are sent only if you sign up for them, and every one has an
        unsubscribe link.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account data: until you deactivate your account.</li>
        <li>
          Orders, payments and refunds: as long as tax and accounting law requires, up to 10 years, even after your
          account is deactivated.
        </li>
        <li>Support messages: 2 years after the conversation ends.</li>
        <li>Security logs with IP addresses: 30 days.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>
          You can ask us for a copy of your data, to correct it, to delete it, to export it in a machine-readable
          format, or to stop a use you object to. You can edit your profile and deactivate your account yourself at any
          time.
        </p>
        <p>
          Write to <a href="mailto:support@everdeal.local">support@everdeal.local</a> from the address of your account;
          we answer within 30 days. You can also complain to the data protection authority where you live.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections are encrypted, passwords are hashed, staff access to personal data is limited to those who need it,
        and login attempts are rate-limited. If a breach puts your data at risk, we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>Everdeal is not meant for anyone under 16, and we do not knowingly collect their data.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the effective date above, and we e-mail account holders about any change in
        what we collect or who we share it with. See also our <Link to="/terms-of-service">terms of service</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <PolicyLayout
      title="Privacy policy"
      currentPath="/privacy-policy"
      summary={
        <p>
          We keep what we need to run your account, deliver your license codes and handle refunds, and nothing for
          advertising. Card numbers never touch our servers.
        </p>
      }
      sections={sections}
    />
  );
}
