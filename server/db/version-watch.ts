/**
 * Keeps up with a version row that the database's triggers raise with every change to what it stands
 * for (the catalogue's, migration 017). A process keeps what it read while the version stays the same,
 * and looks at the row at most every `checkEveryMs`, one look at a time however many requests wait:
 * every process sees a change within that time and a request.
 * Elapsed time, not the shop's clock: a test's stopped clock must not stop the looking.
 */
export function createVersionWatch(read: () => Promise<number>, checkEveryMs: number) {
  let seen: number | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let look: Promise<number> | undefined;
  /** Raised by lookAgain: a read begun before it may predate the change, and must not count as a look. */
  let generation = 0;

  return {
    /** The version, as read at most `checkEveryMs` ago. */
    current(): Promise<number> {
      const startedAt = performance.now();
      if (seen !== undefined && startedAt - checkedAt < checkEveryMs) return Promise.resolve(seen);
      if (look) return look;
      const started = generation;
      const reading = read()
        .then((version) => {
          if (started === generation) {
            seen = version;
            checkedAt = startedAt;
          }
          return version;
        })
        .finally(() => {
          if (look === reading) look = undefined;
        });
      look = reading;
      return reading;
    },

    /** The version read within the last `checkEveryMs`, or undefined when it is time to look again: for a caller that cannot wait for the look. */
    fresh(): number | undefined {
      return performance.now() - checkedAt < checkEveryMs ? seen : undefined;
    },

    /** The next `current()` reads the row: this process may just have changed what it counts. */
    lookAgain(): void {
      checkedAt = Number.NEGATIVE_INFINITY;
      generation += 1;
      look = undefined;
    },
  };
}

export type VersionWatch = ReturnType<typeof createVersionWatch>;
