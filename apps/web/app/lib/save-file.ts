/**
 * Hands text the API answered to the browser as a file download: a Blob of the given type, saved
 * under the given name. The API's calls carry the session in a header a plain link cannot send,
 * so downloads go through here (decision 024).
 */
export function saveTextFile(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the download a moment to start before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
