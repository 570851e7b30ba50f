import { currentApiToken } from '~/lib/api-client';

/**
 * Downloads a PDF served beside the API (an invoice or credit note, decision 038): it needs the
 * bearer token, which a plain link cannot send, so it is fetched and handed to the browser as a
 * file. Answers false when the server refused or did not answer.
 */
export async function downloadDocument(path: string, fileName: string): Promise<boolean> {
  const token = currentApiToken();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return false;
  }
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
