import { productQuestionPath } from '@everdeal/contracts/paths';
import { Link } from 'react-router';
import type { AnswerView, QuestionView } from '../community-views';
import { ReportButton } from './community-actions';
import { PlainText, PostBadge, PostMeta } from './post-parts';

export function AnswerCard({ answer }: { answer: AnswerView }) {
  return (
    <div className="rounded-xl bg-canvas p-4">
      <PostMeta author={answer.authorName} postedOn={answer.postedOn}>
        {answer.isFounder ? <PostBadge>Founder</PostBadge> : null}
        {answer.isAccepted ? <PostBadge tone="green">Accepted answer</PostBadge> : null}
      </PostMeta>
      <PlainText text={answer.body} className="mt-2 text-sm" />
    </div>
  );
}

/**
 * A question in a list: its title links to its page; the top answer shows beneath it. Its heading
 * is an h3 under a section's h2 on the product page, an h2 on the questions page under its h1.
 */
export function QuestionCard({
  question,
  slug,
  headingLevel = 'h3',
}: {
  question: QuestionView;
  slug: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article
      aria-labelledby={`question-${question.id}`}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5"
    >
      <Heading id={`question-${question.id}`} className="font-semibold text-ink-900">
        <Link to={productQuestionPath(slug, question.id)} className="hover:text-brand-700 hover:underline">
          {question.title}
        </Link>
      </Heading>
      <PostMeta author={question.authorName} postedOn={question.postedOn}>
        <span aria-hidden="true">·</span>
        <span>
          {question.answerCount} {question.answerCount === 1 ? 'answer' : 'answers'}
        </span>
      </PostMeta>
      {question.body ? <PlainText text={question.body} className="mt-2 text-sm" /> : null}
      {question.topAnswer ? (
        <div className="mt-3">
          <AnswerCard answer={question.topAnswer} />
        </div>
      ) : null}
      <div className="-ml-3 mt-2">
        <ReportButton target="question" id={question.id} />
      </div>
    </article>
  );
}
