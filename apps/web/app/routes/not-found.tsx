import { pageTitle } from '@everdeal/contracts/constants';
import { NotFoundPageText } from '@everdeal/contracts/messages';
import { data } from 'react-router';
import { NotFoundContent } from '~/features/shell/components/not-found-content';

// Returned, not thrown: the page renders normally and the document is served with HTTP 404.
export function loader() {
  return data(null, { status: 404 });
}
export const meta = () => [{ title: pageTitle(NotFoundPageText.title) }];

export default function NotFound() {
  return <NotFoundContent />;
}
