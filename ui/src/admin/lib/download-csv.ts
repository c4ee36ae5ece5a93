/** Hands a file to the browser as a download named `name`, through a link to the Blob. */
export function downloadFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands a CSV text to the browser as a file download named `name`. */
export function downloadCsv(name: string, csv: string): void {
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  downloadFile(name, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
