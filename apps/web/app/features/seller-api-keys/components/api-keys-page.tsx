import type { ApiKey, SellerSummary } from '@everdeal/contracts';
import { API_KEY_NAME_MAX, DEVELOPERS_PATH, LICENSE_CALLS_PER_MINUTE } from '@everdeal/contracts/licensing-rules';
import KeyRound from 'lucide-react/icons/file-key';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { SkeletonText } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { ApiError } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format-date';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-key-requests';
import { NewKeyPanel } from './new-key-panel';

/** `/seller/api-keys` (decision 032): create a key (shown once), see when each was last used, revoke. */
export function ApiKeysPage({ seller }: { seller: SellerSummary }) {
  const keys = useApiKeys(seller.id);
  const create = useCreateApiKey(seller.id);
  const revoke = useRevokeApiKey(seller.id);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (name.trim() === '') {
      setError('Give the key a name, such as the server or app that will use it.');
      return;
    }
    try {
      const answer = await create.mutateAsync(name.trim());
      setCreated({ name: answer.name, key: answer.key });
      setName('');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The key could not be created. Try again.');
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(`The key “${revoking.name}” was revoked.`);
    } catch (caught) {
      toast.error(caught instanceof ApiError ? caught.message : 'The key could not be revoked. Try again.');
    }
  }

  return (
    <div className="max-w-3xl space-y-8">
      <section aria-labelledby="api-keys-heading" className="space-y-3">
        <h2 id="api-keys-heading" className="font-semibold text-ink-900 text-lg">
          API keys
        </h2>
        <p className="text-ink-700 text-sm">
          Your app uses a key to check, activate and list the license codes buyers got for {seller.name}’s products, up
          to {LICENSE_CALLS_PER_MINUTE} calls a minute per key. Keep keys on your server, never in a browser or app
          users can open.{' '}
          <Link to={DEVELOPERS_PATH} className="font-medium text-brand-700 underline underline-offset-2">
            Read the developer guide
          </Link>
          .
        </p>
      </section>

      {created ? (
        <NewKeyPanel name={created.name} apiKey={created.key} onDone={() => setCreated(null)} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <TextField
              label="Key name"
              hint="Where it will be used, e.g. “Production server”."
              value={name}
              maxLength={API_KEY_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              className="flex-1"
            />
            <Button type="submit" isLoading={create.isPending} className="sm:mb-6">
              Create key
            </Button>
          </div>
          {error ? <FormAlert>{error}</FormAlert> : null}
        </form>
      )}

      <section aria-labelledby="api-keys-list-heading" className="space-y-3">
        <h2 id="api-keys-list-heading" className="font-semibold text-ink-900 text-lg">
          Your keys
        </h2>
        {keys.isPending ? (
          <SkeletonText lines={4} />
        ) : keys.isError ? (
          <FormAlert>
            We could not load your keys.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void keys.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : keys.data.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API keys yet"
            description="Create one above when your app is ready to check license codes."
          />
        ) : (
          <ul className="divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
            {keys.data.map((key) => (
              <li key={key.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-ink-900">{key.name}</p>
                  <p className="text-ink-500 text-sm">
                    <code className="block font-mono text-ink-700 sm:inline">{key.prefix}…</code>
                    <span aria-hidden="true" className="hidden sm:inline">
                      {' '}
                      ·{' '}
                    </span>
                    <span className="block sm:inline">Created {formatDateTime(key.createdAt, undefined)}</span>
                    <span aria-hidden="true" className="hidden sm:inline">
                      {' '}
                      ·{' '}
                    </span>
                    <span className="block sm:inline">
                      {key.lastUsedAt ? `Last used ${formatDateTime(key.lastUsedAt, undefined)}` : 'Never used'}
                    </span>
                  </p>
                </div>
                <Button type="button" variant="danger-outline" size="sm" onClick={() => setRevoking(key)}>
                  Revoke<span className="sr-only"> the key {key.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke the key “${revoking?.name ?? ''}”?`}
        description="Every app using it gets “401 Missing, revoked or unknown API key” from its next call. This cannot be undone: create a new key to replace it."
        confirmLabel="Revoke key"
        confirmVariant="danger"
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
