import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import { ApiKeysPage } from '~/features/seller-api-keys/components/api-keys-page';
import type { Route } from './+types/seller-api-keys';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('API keys') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  const { seller } = useOutletContext<SellerContext>();
  return <ApiKeysPage seller={seller} />;
}
