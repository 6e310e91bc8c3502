/** Saves `data` through the browser's download (a backup, a CSV, a Loop file); returns the file name. */
export function downloadFile(data: BlobPart, fileName: string, type: string): string {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}
