import type { CodeUploadReport, SellerPlan } from '@everdeal/contracts';
import {
  CODE_MAX_LENGTH,
  CODE_MIN_LENGTH,
  CODES_UPLOAD_MAX_BYTES,
  SellerMessage,
  sellerPlanCodesPath,
} from '@everdeal/contracts/seller-rules';
import { type ChangeEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '~/components/ui/form-alert';
import { ApiError } from '~/lib/api-client';
import { countOf } from '~/lib/format-count';
import { useUploadCodes } from '../api/seller-requests';
import type { UploadProgress } from '../api/upload-with-progress';
import { formatBytes } from '../seller-format';

/**
 * License codes by CSV for one plan (requirements §13): one code per line or a `code` column.
 * The file is streamed to the server with a progress bar; the report says what was added, what
 * was already there and which lines were refused.
 */
export function CodesUpload({ productId, plan }: { productId: number; plan: SellerPlan }) {
  const upload = useUploadCodes(productId);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<CodeUploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setReport(null);
    if (file.size > CODES_UPLOAD_MAX_BYTES) return setError(SellerMessage.codesTooLarge);
    setProgress({ loaded: 0, total: file.size });
    try {
      setReport(await upload.mutateAsync({ planId: plan.id, file, onProgress: setProgress }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The codes could not be uploaded. Try again.');
    } finally {
      setProgress(null);
    }
  }

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="space-y-3">
      <p className="text-ink-900 text-sm">
        <strong className="tabular-nums">{plan.codesAvailable}</strong> codes left
        <span className="text-ink-500"> of {plan.codesTotal} uploaded</span>
        {' · '}
        <Link to={sellerPlanCodesPath(plan.id)} className="font-semibold text-brand-700 underline">
          View and remove unsold codes<span className="sr-only"> of {plan.name}</span>
        </Link>
      </p>
      <div>
        <label htmlFor={inputId} className="cursor-pointer font-semibold text-brand-700 text-sm underline">
          Upload codes (CSV) for {plan.name}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only"
          disabled={upload.isPending}
          onChange={(event) => void send(event)}
        />
        <p className="mt-1 text-ink-500 text-xs">
          One code per line, or a header row with a “code” column. {CODE_MIN_LENGTH} to {CODE_MAX_LENGTH} characters:
          letters, digits and - _ . : + / =. Codes already in the pool are skipped.
        </p>
      </div>
      {progress ? (
        <div role="status" aria-live="polite">
          <progress
            value={percent}
            max={100}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
            aria-label="Upload progress"
          />
          <p className="mt-1 text-ink-500 text-xs tabular-nums">
            {percent < 100
              ? `Sending ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)} (${percent}%)`
              : 'Sent. Checking and adding the codes…'}
          </p>
        </div>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {report ? <UploadReport report={report} /> : null}
    </div>
  );
}

function UploadReport({ report }: { report: CodeUploadReport }) {
  const duplicates = report.duplicatesInFile + report.duplicatesInPool;
  return (
    <div role="status" className="rounded-xl bg-canvas p-4 text-sm">
      <p className="font-semibold text-ink-900">
        {countOf(report.added, 'code')} added. {countOf(report.codesAvailable, 'code')} left in the plan.
      </p>
      <ul className="mt-2 space-y-0.5 text-ink-700">
        <li>{countOf(report.rows, 'row')} read</li>
        {duplicates > 0 ? (
          <li>
            {countOf(duplicates, 'duplicate')} skipped ({report.duplicatesInFile} repeated in the file,{' '}
            {report.duplicatesInPool} already in the pool)
          </li>
        ) : null}
        {report.invalid > 0 ? <li>{countOf(report.invalid, 'invalid row')}</li> : null}
      </ul>
      {report.invalidSamples.length > 0 ? (
        <details className="mt-2" open>
          <summary className="cursor-pointer font-medium text-ink-900">
            Invalid rows
            {report.invalid > report.invalidSamples.length ? ` (first ${report.invalidSamples.length})` : ''}
          </summary>
          <ul className="mt-1 space-y-0.5 text-ink-700">
            {report.invalidSamples.map((sample) => (
              <li key={sample.line}>
                Line {sample.line}: {sample.reason}
                {sample.value ? <code className="ml-1 break-all rounded bg-white px-1">{sample.value}</code> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.duplicateSamples.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium text-ink-900">
            Duplicates{duplicates > report.duplicateSamples.length ? ` (first ${report.duplicateSamples.length})` : ''}
          </summary>
          <ul className="mt-1 space-y-0.5 text-ink-700">
            {report.duplicateSamples.map((sample) => (
              <li key={`${sample.line}-${sample.code}`}>
                Line {sample.line}: <code className="break-all rounded bg-white px-1">{sample.code}</code>{' '}
                {sample.where === 'file' ? 'repeated in the file' : 'already in the pool'}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
