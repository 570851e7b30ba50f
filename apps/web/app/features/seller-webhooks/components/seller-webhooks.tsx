import { WEBHOOK_TEST_EVENT_TYPE } from '@everdeal/contracts/webhook-rules';
import { Suspense, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format-date';
import { lazyWithPreload } from '~/lib/lazy';
import { useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useWebhookEndpoint } from '../api/webhook-requests';
import { EndpointForm } from './endpoint-form';
import { SecretReveal } from './secret-reveal';

// The log (a table, its pagination and its polling) sits below the form: a chunk of its own keeps
// the page's first load within the budget (docs/benchmarks.md).
const DeliveryLog = lazyWithPreload(() => import('./delivery-log').then((module) => module.DeliveryLog));

const failure = (caught: unknown, fallback: string) => (caught instanceof ApiError ? caught.message : fallback);

/**
 * `/seller/webhooks` (decision 033): the seller's one endpoint (URL and events), its signing
 * secret shown once on creation and on rotation, a test event, and the delivery log with
 * redelivery. `hrefFor` builds the log's page links (the route keeps the chosen seller in them).
 */
export function SellerWebhooks({
  sellerId,
  page,
  hrefFor,
}: {
  sellerId: number;
  page: number;
  hrefFor: (page: number) => string;
}) {
  const endpoint = useWebhookEndpoint(sellerId);
  const rotate = useRotateWebhookSecret(sellerId);
  const remove = useDeleteWebhook(sellerId);
  const test = useTestWebhook(sellerId);
  const [secret, setSecret] = useState<string | null>(null);
  const [keepHours, setKeepHours] = useState(0);
  const endpointHeading = useId();
  const logHeading = useId();
  const actions = useRef<HTMLDivElement>(null);

  if (endpoint.isPending) return <SkeletonText lines={8} />;
  if (endpoint.isError) {
    return <FormAlert>We could not load your webhook settings. Reload the page to try again.</FormAlert>;
  }
  const current = endpoint.data;

  async function sendTest() {
    try {
      await test.mutateAsync();
      toast.success(`A ${WEBHOOK_TEST_EVENT_TYPE} event is on its way`);
    } catch (caught) {
      toast.error(failure(caught, 'The test event could not be sent. Try again.'));
    }
  }

  return (
    <div className="space-y-8">
      <header>
        <h1 className="font-bold text-2xl text-ink-900 tracking-tight">Webhooks</h1>
        <p className="mt-1 max-w-2xl text-ink-600 text-sm">
          Your app hears at once when codes are bought, refunded (revoked), moved to another plan or activated, and when
          a deal ends. Each event is a signed POST; see the developer docs for the payloads and how to check the
          signature.
        </p>
      </header>

      {secret ? (
        <SecretReveal
          secret={secret}
          onDone={() => {
            setSecret(null);
            actions.current?.focus();
          }}
        />
      ) : null}

      <section aria-labelledby={endpointHeading} className="rounded-2xl bg-white p-5 ring-1 ring-ink-900/10">
        <h2 id={endpointHeading} className="font-bold text-ink-900 text-xl tracking-tight">
          {current ? 'Your endpoint' : 'Add an endpoint'}
        </h2>
        {current ? (
          <p className="mt-1 text-ink-600 text-sm">
            Signing secret ends in <span className="font-mono">…{current.secretHint}</span>. Last changed{' '}
            {formatDateTime(current.updatedAt)}.
            {current.previousSecretExpiresAt ? (
              <> The previous secret also signs until {formatDateTime(current.previousSecretExpiresAt)}.</>
            ) : null}
          </p>
        ) : null}
        <div className="mt-4">
          <EndpointForm key={current?.updatedAt ?? 'new'} sellerId={sellerId} endpoint={current} onSecret={setSecret} />
        </div>
        {current ? (
          <div
            ref={actions}
            tabIndex={-1}
            className="mt-6 flex flex-wrap gap-2 border-ink-900/10 border-t pt-4 outline-none"
          >
            <Button variant="secondary" isLoading={test.isPending} onClick={() => void sendTest()}>
              Send test event
            </Button>
            <Modal
              trigger={<Button variant="outline">Rotate secret</Button>}
              title="Rotate the signing secret?"
              description="You get a new secret, shown once. Choose what happens to the current one."
              confirmLabel="Rotate secret"
              confirmVariant="danger"
              onOpenChange={(isOpen) => {
                if (isOpen) setKeepHours(0);
              }}
              onConfirm={async () => {
                try {
                  setSecret((await rotate.mutateAsync(keepHours)).secret);
                } catch (caught) {
                  toast.error(failure(caught, 'The secret could not be rotated. Try again.'));
                  throw caught;
                }
              }}
            >
              <RotationChoice keepHours={keepHours} onChange={setKeepHours} />
            </Modal>
            <Modal
              trigger={<Button variant="danger-outline">Remove endpoint</Button>}
              title="Remove this endpoint?"
              description="Nothing more is sent to it, and its delivery log and secret are deleted. You can add an endpoint again later; it gets a new secret."
              confirmLabel="Remove endpoint"
              confirmVariant="danger"
              onConfirm={async () => {
                try {
                  await remove.mutateAsync();
                  setSecret(null);
                  toast.success('Endpoint removed');
                } catch (caught) {
                  toast.error(failure(caught, 'The endpoint could not be removed. Try again.'));
                  throw caught;
                }
              }}
            />
          </div>
        ) : null}
      </section>

      {current ? (
        <section aria-labelledby={logHeading} className="space-y-3">
          <h2 id={logHeading} className="font-bold text-ink-900 text-xl tracking-tight">
            Deliveries
          </h2>
          <p className="text-ink-600 text-sm">
            A delivery that does not get a 2xx within 10 seconds is retried with growing waits for 3 days. Redeliver
            sends it again now, with the same event id.
          </p>
          <Suspense fallback={<SkeletonText lines={6} />}>
            <DeliveryLog sellerId={sellerId} page={page} hrefFor={hrefFor} />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}

/** Hours the replaced secret may keep signing beside the new one (decision 046). */
const KEEP_PREVIOUS_HOURS = 24;

/**
 * What becomes of the current secret on a rotation: it stops at once (the default, and the only
 * safe choice after a leak), or signs beside the new one for a day while the receiver moves over.
 */
function RotationChoice({ keepHours, onChange }: { keepHours: number; onChange: (hours: number) => void }) {
  const name = useId();
  const choices: [hours: number, label: string, detail: string][] = [
    [
      0,
      'Stop the current secret now',
      'For a secret that leaked: deliveries from now on carry only the new signature, so update your receiver straight away.',
    ],
    [
      KEEP_PREVIOUS_HOURS,
      `Keep it signing for ${KEEP_PREVIOUS_HOURS} hours`,
      'Each delivery carries both signatures until then, so your receiver can move to the new secret without a failed delivery.',
    ],
  ];
  return (
    <fieldset>
      <legend className="font-medium text-ink-900">The current secret</legend>
      <div className="mt-2 grid gap-3">
        {choices.map(([hours, label, detail]) => (
          <label key={hours} className="flex gap-2.5">
            <input
              type="radio"
              name={name}
              className="mt-1"
              checked={keepHours === hours}
              onChange={() => onChange(hours)}
            />
            <span>
              <span className="block font-medium text-ink-900">{label}</span>
              <span className="block text-ink-600">{detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
