import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_TOPICS,
  NotificationMessage,
  type NotificationSettings,
  type NotificationTopic,
} from '@everdeal/contracts/notification-topics';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { toFormError } from '~/lib/form-error';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings';

/** `/user/notifications` (decision 029): one switch per kind of notification mail, saved together. */
export function NotificationSettingsPanel() {
  const settings = useNotificationSettings();
  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError) {
    return (
      <FormAlert>
        We could not load your notification settings.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </FormAlert>
    );
  }
  return <SettingsForm saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  // Only the switches moved here are state: the rest always shows what the server holds.
  const [edits, setEdits] = useState<Partial<NotificationSettings>>({});
  const values = { ...saved, ...edits };
  const update = useUpdateNotificationSettings();
  const changes = Object.fromEntries(
    NOTIFICATION_TOPICS.filter((topic) => values[topic] !== saved[topic]).map((topic) => [topic, values[topic]]),
  ) as Partial<NotificationSettings>;
  const isDirty = Object.keys(changes).length > 0;
  const failure = update.error ? toFormError(update.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty || update.isPending) return;
    update.mutate(changes, {
      // Switches moved while the save was on its way stay as they are, to be saved next.
      onSuccess: (answer) =>
        setEdits((current) =>
          Object.fromEntries(
            NOTIFICATION_TOPICS.filter((topic) => topic in current && current[topic] !== answer[topic]).map((topic) => [
              topic,
              current[topic],
            ]),
          ),
        ),
    });
  };
  const toggle = (topic: NotificationTopic, isOn: boolean) => {
    // A new change hides the last outcome, so "saved" never describes switches that are not.
    if (!update.isPending) update.reset();
    setEdits((current) => ({ ...current, [topic]: isOn }));
  };

  return (
    <form onSubmit={submit} className="space-y-6">
      <p className="flex gap-2.5 rounded-xl bg-canvas p-4 text-ink-700 text-sm">
        <Info aria-hidden="true" className="mt-px size-4 shrink-0 text-ink-500" />
        {NotificationMessage.alwaysSent}
      </p>
      {NOTIFICATION_GROUPS.map((group) => (
        <fieldset key={group.title} className="min-w-0">
          <legend className="font-semibold text-ink-500 text-xs uppercase tracking-wider">{group.title}</legend>
          <div className="mt-2 divide-y divide-ink-900/[0.07] rounded-2xl ring-1 ring-ink-900/[0.07]">
            {group.topics.map((item) => (
              <TopicSwitch
                key={item.topic}
                label={item.label}
                description={item.description}
                isOn={values[item.topic]}
                onChange={(isOn) => toggle(item.topic, isOn)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {/* Read out when it appears; empty while there is nothing to report. */}
        <p role="status" className="text-sm">
          {update.isSuccess && !isDirty ? (
            <span className="flex items-center gap-2 font-medium text-emerald-700">
              <CircleCheck aria-hidden="true" className="size-4" />
              {NotificationMessage.saved}
            </span>
          ) : isDirty ? (
            <span className="text-ink-500">You have unsaved changes.</span>
          ) : null}
        </p>
        <Button type="submit" isLoading={update.isPending} disabled={!isDirty}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

/** A checkbox a screen reader calls a switch; the visible track and thumb follow its state. */
function TopicSwitch({
  label,
  description,
  isOn,
  onChange,
}: {
  label: string;
  description: string;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 p-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-ink-900 text-sm">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-ink-500 text-sm">
          {description}
        </p>
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={isOn}
          aria-describedby={`${id}-description`}
          checked={isOn}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className="h-6 w-11 rounded-full bg-ink-900/20 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-offset-2"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-5 motion-reduce:transition-none"
        />
      </span>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <LoadingRegion label="Loading your notification settings…" className="space-y-4">
      <Skeleton className="h-12 w-full rounded-xl" />
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows never reorder
        <Skeleton key={i} className="h-16 w-full rounded-2xl" />
      ))}
    </LoadingRegion>
  );
}
