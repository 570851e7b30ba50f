import type { WebhookEndpoint } from '@everdeal/contracts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@everdeal/contracts/webhook-rules';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { useSetWebhook } from '../api/webhook-requests';
import { webhookUrlProblem } from '../webhook-format';

/** The endpoint's URL and the events it takes; creating it answers the secret (shown once by the page). */
export function EndpointForm({
  sellerId,
  endpoint,
  onSecret,
}: {
  sellerId: number;
  endpoint: WebhookEndpoint | null;
  onSecret: (secret: string) => void;
}) {
  const save = useSetWebhook(sellerId);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<readonly WebhookEventType[]>(endpoint?.events ?? WEBHOOK_EVENT_TYPES);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problem = webhookUrlProblem(url);
    setUrlError(problem);
    if (problem) return;
    if (events.length === 0) {
      setError('Choose at least one event');
      return;
    }
    try {
      const saved = await save.mutateAsync({ url: url.trim(), events: [...events] });
      if (saved.secret) onSecret(saved.secret);
      else toast.success('Endpoint saved');
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : 'The endpoint could not be saved. Try again.';
      if (message.startsWith('url: ')) setUrlError(`This URL ${message.slice(5)}`);
      else setError(message);
    }
  }

  const toggle = (type: WebhookEventType, isOn: boolean) =>
    setEvents((current) =>
      WEBHOOK_EVENT_TYPES.filter((candidate) => (candidate === type ? isOn : current.includes(candidate))),
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/everdeal/webhooks"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={urlError ?? undefined}
        hint="https on a public address. We POST signed JSON to it."
      />
      <fieldset>
        <legend className="font-medium text-ink-900 text-sm">Events</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <label className="flex items-start gap-2 rounded-xl p-2 text-sm ring-1 ring-ink-900/10">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                <span>
                  <span className="block font-mono text-ink-900 text-xs">{type}</span>
                  <span className="text-ink-600">{WEBHOOK_EVENT_LABELS[type]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <Button type="submit" isLoading={save.isPending}>
        {endpoint ? 'Save changes' : 'Create endpoint'}
      </Button>
    </form>
  );
}
