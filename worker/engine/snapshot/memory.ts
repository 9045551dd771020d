/**
 * An in-memory snapshot: the row groups kept as they come (CLI and tests; the job writes
 * Parquet instead, see parquet-write.ts).
 */
import type { Snapshot, SnapshotGroup, SnapshotMeta } from './columns';
import type { SnapshotConsumer } from './row-sink';

/** A consumer that keeps every group; `snapshot()` is valid after ingest finished. */
export function memorySnapshot(): { consumer: SnapshotConsumer; snapshot(): Snapshot } {
  const groups: SnapshotGroup[] = [];
  let meta: SnapshotMeta | null = null;
  return {
    consumer: {
      retainsGroups: true,
      group: (g) => groups.push(g),
      finish: (m) => {
        meta = m;
      },
    },
    snapshot() {
      if (!meta) throw new Error('The snapshot is not finished: the file had no transaction rows.');
      return { meta, groups: () => groups };
    },
  };
}
