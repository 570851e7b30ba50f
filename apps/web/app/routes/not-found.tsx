import { NotFoundPageText, pageTitle } from '@everdeal/contracts';
import { data, Link } from 'react-router';

// Returned, not thrown: the page renders normally and the document is served with HTTP 404.
export function loader() {
  return data(null, { status: 404 });
}
export const meta = () => [{ title: pageTitle(NotFoundPageText.title) }];

export default function NotFound() {
  return (
    <main>
      <h1>{NotFoundPageText.title}</h1>
      <p>{NotFoundPageText.body}</p>
      <Link to="/">{NotFoundPageText.button}</Link>
    </main>
  );
}
