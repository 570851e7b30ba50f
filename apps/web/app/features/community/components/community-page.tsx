import { productPath } from '@everdeal/contracts/paths';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';

export interface CommunityPageProps {
  product: { slug: string; name: string };
  /** The page's own crumb and heading, e.g. "Reviews". */
  section: string;
  /** Where the section crumb links (a list page) when this page is one post; none on the list itself. */
  sectionHref?: string;
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}

/** The frame of a product's community pages: crumbs, the way back to the product, heading and action. */
export function CommunityPage({
  product,
  section,
  sectionHref,
  title,
  subtitle,
  action,
  children,
}: CommunityPageProps) {
  const productUrl = productPath(product.slug);
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
      <Breadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: product.name, to: productUrl },
          ...(sectionHref ? [{ label: section, to: sectionHref }, { label: title }] : [{ label: section }]),
        ]}
      />
      <Link
        to={productUrl}
        className="mt-4 inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to {product.name}
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight">{title}</h1>
          {subtitle ? <div className="mt-1 text-ink-500">{subtitle}</div> : null}
        </div>
        {action}
      </div>
      <div className="mt-8 space-y-4">{children}</div>
    </div>
  );
}
