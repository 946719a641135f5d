import type { Plugin } from 'vite';

/**
 * Keeps every module the app loads on any page in one chunk: what the entry imports when it starts the
 * app (`import('./start-app.tsx')`, ADR 026), and everything that imports statically. Left alone, the
 * bundler gives each module shared by the app and a lazy page a small chunk of its own (fourteen
 * scripts on the home page, each with its own request and headers), though the app always loads them
 * first anyway. The entry itself stays out of it, small, and the lazy pages keep their own chunks and
 * load only what the first load did not.
 */
export function firstLoadChunk(): { plugin: Plugin; loadsFirst: (id: string) => boolean } {
  const firstLoad = new Set<string>();
  const plugin: Plugin = {
    name: 'joinery:first-load-chunk',
    apply: 'build',
    buildEnd() {
      /** Every module `roots` import statically, themselves included. */
      const staticallyFrom = (roots: readonly string[]) => {
        const found = new Set<string>();
        const waiting = [...roots];
        while (waiting.length) {
          const id = waiting.pop()!;
          if (found.has(id)) continue;
          found.add(id);
          waiting.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return found;
      };
      const entry = staticallyFrom([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      const app = staticallyFrom([...entry].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      // Vite's own helpers (`\0` ids: the one that preloads a dynamic import's chunks) are the entry's too.
      for (const id of app) if (!entry.has(id) && !id.startsWith('\0')) firstLoad.add(id);
    },
  };
  return { plugin, loadsFirst: (id) => firstLoad.has(id) && !id.endsWith('.css') };
}
