/** Saves data held in memory (small files only) under a name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Lets the browser fetch a URL as a download, streaming it to disk (the server names the file). */
export function startDownload(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The file name a Content-Disposition header gives (`filename="a%20b.csv"` or `filename*=UTF-8''a%20b.csv`), or the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '') ?? /filename="?([^";]+)"?/i.exec(header ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
