import { NotFoundPageText } from '@everdeal/contracts/messages';
import House from 'lucide-react/icons/house';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';

/** Requirements §2: the 404 page's texts, verbatim, with an inline illustration (no external assets). */
export function NotFoundContent() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <LostTagIllustration />
      <h1 className="mt-8 font-bold text-3xl text-ink-900 tracking-tight sm:text-4xl">{NotFoundPageText.title}</h1>
      <p className="mt-3 max-w-md text-base text-ink-500 leading-relaxed">{NotFoundPageText.body}</p>
      <Link to="/" className={buttonClasses({ variant: 'primary', size: 'lg', className: 'mt-8' })}>
        <House aria-hidden="true" className="size-[1.125rem]" />
        {NotFoundPageText.button}
      </Link>
    </section>
  );
}

/** A big "404" whose zero is a price tag that came loose, over soft brand shapes. */
function LostTagIllustration() {
  return (
    <svg viewBox="0 0 360 200" aria-hidden="true" className="w-full max-w-[22rem]">
      <defs>
        <linearGradient id="nf-digits" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#9373ff" />
          <stop offset="1" stopColor="#5417d4" />
        </linearGradient>
        <linearGradient id="nf-tag" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb547" />
          <stop offset="1" stopColor="#ff9d0a" />
        </linearGradient>
      </defs>
      <ellipse cx="180" cy="112" rx="168" ry="76" fill="#f3f1ff" />
      <circle cx="52" cy="46" r="7" fill="#d5cdff" />
      <circle cx="318" cy="58" r="5" fill="#ffb547" opacity="0.7" />
      <circle cx="300" cy="168" r="9" fill="#e9e5ff" />
      <path d="M34 150l6 6m0-6l-6 6" stroke="#b6a6ff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M326 110l5 5m0-5l-5 5" stroke="#b6a6ff" strokeWidth="2.5" strokeLinecap="round" />
      <text
        x="90"
        y="146"
        textAnchor="middle"
        fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
        fontSize="112"
        fontWeight="800"
        fill="url(#nf-digits)"
      >
        4
      </text>
      <text
        x="270"
        y="146"
        textAnchor="middle"
        fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
        fontSize="112"
        fontWeight="800"
        fill="url(#nf-digits)"
      >
        4
      </text>
      <path d="M186 16V75" stroke="#b5b2c6" strokeWidth="2" strokeDasharray="3 4" strokeLinecap="round" />
      <g transform="rotate(14 180 104)">
        <path
          d="M158 62h44a8 8 0 0 1 8 8v56l-30 26-30-26V70a8 8 0 0 1 8-8z"
          fill="url(#nf-tag)"
          stroke="#fff"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <circle cx="180" cy="80" r="6" fill="#fff" />
        <text
          x="180"
          y="124"
          textAnchor="middle"
          fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
          fontSize="30"
          fontWeight="800"
          fill="#fff"
        >
          ?
        </text>
      </g>
    </svg>
  );
}
