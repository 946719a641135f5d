import type { Plugin } from 'vite';

/**
 * Keeps every module the entry loads statically in one chunk. Left alone, the bundler gives each
 * module shared by the entry and a lazy page a small chunk of its own (fourteen scripts on the home
 * page, each with its own request and headers), though the entry always loads them first anyway.
 * The lazy pages keep their own chunks and load only what the first load did not.
 */
export function firstLoadChunk(): { plugin: Plugin; loadsFirst: (id: string) => boolean } {
  const firstLoad = new Set<string>();
  const plugin: Plugin = {
    name: 'joinery:first-load-chunk',
    apply: 'build',
    buildEnd() {
      const waiting = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (waiting.length) {
        const id = waiting.pop()!;
        if (firstLoad.has(id)) continue;
        firstLoad.add(id);
        waiting.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, loadsFirst: (id) => firstLoad.has(id) && !id.endsWith('.css') };
}
