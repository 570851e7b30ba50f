import type { SellerApplication } from '@everdeal/contracts';
import { ApplicationMessage, ApplicationStatusLabel } from '@everdeal/contracts/seller-application-rules';
import { SELLER_AREA_PATH } from '@everdeal/contracts/seller-rules';
import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import Hourglass from 'lucide-react/icons/hourglass';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { formatDate } from '~/lib/format-date';

const LOOK = {
  open: { icon: Hourglass, badge: 'bg-amber-50 text-amber-800', iconTone: 'bg-amber-50 text-amber-600' },
  approved: { icon: CircleCheck, badge: 'bg-emerald-50 text-emerald-800', iconTone: 'bg-emerald-50 text-emerald-600' },
  rejected: { icon: CircleX, badge: 'bg-red-50 text-red-800', iconTone: 'bg-red-50 text-red-600' },
} as const;

export interface ApplicationStatusProps {
  application: SellerApplication;
  /** Just sent from this page: the thank-you is said, and the card takes focus from the gone form. */
  isJustSubmitted: boolean;
  onApplyAgain: () => void;
}

/**
 * What /launch shows an applicant instead of the form (requirements §13): under review, approved
 * with the way to the seller area, or not accepted with the team's reason and a new application.
 */
export function ApplicationStatus({ application, isJustSubmitted, onApplyAgain }: ApplicationStatusProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isJustSubmitted) ref.current?.focus();
  }, [isJustSubmitted]);
  const look = LOOK[application.status];
  const Icon = look.icon;

  return (
    <div ref={ref} tabIndex={-1} className="outline-none" aria-live={isJustSubmitted ? 'polite' : undefined}>
      <div className="flex items-start gap-4">
        <span className={clsx('grid size-12 shrink-0 place-items-center rounded-full', look.iconTone)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-ink-900 text-lg tracking-tight">Your application</span>
            <span className={clsx('rounded-full px-2.5 py-0.5 font-semibold text-xs', look.badge)}>
              {ApplicationStatusLabel[application.status]}
            </span>
          </p>
          <p className="mt-1 break-words text-ink-500 text-sm">
            {application.productName} by {application.companyName}, sent{' '}
            <time dateTime={application.createdAt}>{formatDate(application.createdAt)}</time>
          </p>
        </div>
      </div>

      <div className="mt-5 space-y-4 text-ink-700">
        {application.status === 'open' ? (
          <>
            {isJustSubmitted ? <p className="font-medium text-ink-900">{ApplicationMessage.submitted}</p> : null}
            <p>
              {isJustSubmitted
                ? 'Our answer goes to '
                : 'Your application is under review. We test the product ourselves and write to '}
              <span className="break-all font-medium text-ink-900">{application.email}</span>
              {isJustSubmitted ? '.' : ' within 5 business days.'}
            </p>
          </>
        ) : application.status === 'approved' ? (
          <>
            <p>
              Approved: {application.companyName} is a seller on Everdeal. Create your product page, add plans and
              upload license codes in your seller area.
            </p>
            <Link to={SELLER_AREA_PATH} className={buttonClasses({ size: 'lg' })}>
              Go to your seller area
            </Link>
          </>
        ) : (
          <>
            <p>Not accepted. The team’s reason:</p>
            <blockquote className="whitespace-pre-wrap break-words rounded-xl border-brand-500 border-l-4 bg-canvas px-4 py-3 text-ink-900">
              {application.decisionReason}
            </blockquote>
            <p>You may apply again, for example once the point above is addressed.</p>
            <Button size="lg" onClick={onApplyAgain}>
              Apply again
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
