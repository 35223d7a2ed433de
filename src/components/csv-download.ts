// Saves text as a file through a Blob URL: no server round trip, and the URL is released after
// the browser has taken the download.
/** How long the Blob URL stays valid after the click: the download has started well before. */
const REVOKE_AFTER_MS = 10_000;

/** Starts the download of `text` as `filename` (`type` e.g. `text/csv;charset=utf-8`). */
export function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, REVOKE_AFTER_MS);
}
