import { vi } from 'vitest';

/**
 * Catches the files the app hands to the browser's downloads (web/lib/api-client.ts `downloadFile`):
 * jsdom has no object URLs and follows no links, so each click on a download link is kept by the name
 * it saves under instead. The click's stand-in is undone by `vi.restoreAllMocks()`.
 */
export function catchDownloads() {
  const saved: string[] = [];
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
  });
  return { saved };
}
