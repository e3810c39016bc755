import type { ChangeSet } from '../../../domain/changeSet.ts';

/**
 * The browser's copy of a member's unsaved edits (§3 "graph backup"), so closing the tab or losing
 * the network loses nothing: the pending change set (never the whole graph) with the migrations
 * still to record. It lives in IndexedDB, which holds hundreds of megabytes where localStorage
 * overflowed silently around 5 MB; a backup an older version left in localStorage under
 * `graph:{uid}` is moved over the first time it is read.
 */
export interface PendingBackup {
  graphId: string;
  changes: ChangeSet;
  migrations: string[];
}

export interface BackupStore {
  /** The member's backup, or null. Never rejects: a device that keeps nothing has nothing. */
  read(uid: string): Promise<PendingBackup | null>;
  /** Replaces the backup (null removes it); rejects when the device cannot keep it. */
  write(uid: string, backup: PendingBackup | null): Promise<void>;
}

/** Told once when the backup cannot be written (storage full, private mode, no IndexedDB). */
export const BACKUP_NOT_KEPT = 'Your unsaved changes could not be kept on this device. Apply them before closing the page.';

export const legacyBackupKey = (uid: string) => `graph:${uid}`;

const STORE = 'pendingEdits';

export interface IndexedDbBackupOptions {
  /** The browser's `indexedDB`; null where there is none. */
  factory?: IDBFactory | null;
  /** Where older versions kept the backup. */
  legacy?: Pick<Storage, 'getItem' | 'removeItem'> | null;
  databaseName?: string;
}

export function indexedDbBackupStore(options: IndexedDbBackupOptions = {}): BackupStore {
  const factory = options.factory === undefined ? (typeof indexedDB === 'undefined' ? null : indexedDB) : options.factory;
  const legacy = options.legacy === undefined ? (typeof localStorage === 'undefined' ? null : localStorage) : options.legacy;
  const name = options.databaseName ?? 'kinfolk';
  let opening: Promise<IDBDatabase> | null = null;

  const database = () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (!factory) return reject(new Error('IndexedDB is not available'));
      const req = factory.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the database: let it, and open again when next needed.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    }).catch((e: unknown) => {
      opening = null;
      throw e;
    }));

  /** Runs one request in its own transaction; resolves once the transaction is committed. */
  async function run(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
    const db = await database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = request(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? req.error ?? new Error('IndexedDB request failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  }

  const write = async (uid: string, backup: PendingBackup | null) => {
    await run('readwrite', (s) => (backup ? s.put(backup, uid) : s.delete(uid)));
  };

  function readLegacy(uid: string): PendingBackup | null {
    try {
      const raw = legacy?.getItem(legacyBackupKey(uid));
      return raw ? (JSON.parse(raw) as PendingBackup) : null;
    } catch {
      return null;
    }
  }

  return {
    write,
    async read(uid) {
      const old = readLegacy(uid);
      let stored: PendingBackup | null;
      try {
        stored = ((await run('readonly', (s) => s.get(uid))) as PendingBackup | undefined) ?? null;
        if (old && !stored) await write(uid, old);
      } catch {
        // Nothing can be kept here: an old backup stays where it is, and is still used.
        return old;
      }
      if (old) legacy?.removeItem(legacyBackupKey(uid));
      return stored ?? old;
    },
  };
}
