import { pageTitle } from '@everdeal/contracts/constants';
import { SELLER_WEBHOOKS_PATH } from '@everdeal/contracts/webhook-rules';
import { useOutletContext, useSearchParams } from 'react-router';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import { SellerWebhooks } from '~/features/seller-webhooks/components/seller-webhooks';
import type { Route } from './+types/seller-webhooks';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Webhooks') },
  { name: 'robots', content: 'noindex' },
];

/** `/seller/webhooks` (decision 033): the seller shell's context composed with the webhooks feature. */
export default function Page() {
  const { seller, sellers } = useOutletContext<SellerContext>();
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const hrefFor = (next: number) => {
    const search = new URLSearchParams();
    if (sellers.length > 1) search.set('seller', String(seller.id));
    if (next > 1) search.set('page', String(next));
    const query = search.toString();
    return query ? `${SELLER_WEBHOOKS_PATH}?${query}` : SELLER_WEBHOOKS_PATH;
  };
  return <SellerWebhooks key={seller.id} sellerId={seller.id} page={page} hrefFor={hrefFor} />;
}
