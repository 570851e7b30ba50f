import { WEBHOOK_TEST_EVENT_TYPE } from '@everdeal/contracts/webhook-rules';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
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

// The log (a table, its pagination and its polling) sits below the form: a chunk of its own keeps
// the page's first load within the budget (docs/benchmarks.md).
const DeliveryLog = lazyWithPreload(() => import('./delivery-log').then((module) => module.DeliveryLog));
// Both shown only around a rotation or a first save, so they load on that intent, not with the page.
const RotationChoice = lazyWithPreload(() => import('./rotation-choice').then((module) => module.RotationChoice));
const SecretReveal = lazyWithPreload(() => import('./secret-reveal').then((module) => module.SecretReveal));
const preloadRotation = () => {
  void RotationChoice.preload();
  void SecretReveal.preload();
};

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
  // Without an endpoint, the first save answers the secret: its reveal loads meanwhile.
  const hasNoEndpoint = endpoint.isSuccess && endpoint.data === null;
  useEffect(() => {
    if (hasNoEndpoint) void SecretReveal.preload();
  }, [hasNoEndpoint]);

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
        <Suspense fallback={null}>
          <SecretReveal
            secret={secret}
            onDone={() => {
              setSecret(null);
              actions.current?.focus();
            }}
          />
        </Suspense>
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
              trigger={
                <Button variant="outline" onPointerEnter={preloadRotation} onFocus={preloadRotation}>
                  Rotate secret
                </Button>
              }
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
              <Suspense fallback={<SkeletonText lines={4} />}>
                <RotationChoice
                  keepHours={keepHours}
                  onChange={setKeepHours}
                  keptUntil={current.previousSecretExpiresAt}
                />
              </Suspense>
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
            sends it again now, with the same event id. Each delivery stays here for 30 days after its last attempt.
          </p>
          <Suspense fallback={<SkeletonText lines={6} />}>
            <DeliveryLog sellerId={sellerId} page={page} hrefFor={hrefFor} />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}
