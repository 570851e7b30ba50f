import { BRAND_NAME, BRAND_TAGLINE } from '@everdeal/contracts/constants';
import { Link } from 'react-router';
import { LogoMark } from './logo';

const COLUMNS = [
  {
    title: 'Marketplace',
    links: [
      { label: 'Top Trending', to: '/trending' },
      { label: 'Waitlist', to: '/waitlist' },
      { label: 'Launch a product', to: '/launch' },
      { label: 'Affiliate programme', to: '/affiliate' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Blog', to: '/blog' },
      { label: 'Contact', to: '/contact' },
      { label: 'Support', to: '/support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Refund Policy', to: '/refund-policy' },
      { label: 'Terms of Service', to: '/terms-of-service' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-auto border-ink-900/[0.08] border-t bg-white">
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]">
          <div className="max-w-xs">
            <Link
              to="/"
              className="inline-flex items-center gap-2 rounded-lg font-bold text-ink-900 text-lg tracking-tight"
            >
              <LogoMark />
              {BRAND_NAME}
            </Link>
            <p className="mt-3 text-ink-500 text-sm leading-relaxed">
              {BRAND_TAGLINE}. Curated AI products, most of them paid once and yours to keep, and most with a risk-free
              refund window.
            </p>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:contents">
            {COLUMNS.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2 className="font-semibold text-ink-900 text-xs uppercase tracking-wider">{column.title}</h2>
                <ul className="mt-4 space-y-1">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="footer-link">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-ink-900/[0.07] border-t pt-6 text-ink-500 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>© 2026 {BRAND_NAME}. All rights reserved.</p>
          {/* Requirements §10: true of every deal, the few subscription plans included. */}
          <p>
            Prices in US dollars. Lifetime plans are paid once; subscription plans show their period and renew until you
            cancel.
          </p>
        </div>
      </div>
    </footer>
  );
}
