/**
 * Starts a download without leaving the page: a short-lived link (a document's presigned URL) or a
 * Blob fetched with the holder's secret (the order's .ics calendar), optionally under `filename`.
 */
export function startDownload(url: string, filename?: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  if (filename) a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves a Blob as a file; the object URL is let go once the browser has started the download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  startDownload(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
