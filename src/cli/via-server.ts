// On embedded storage only one process may open the data directory. A
// command that finds it held by a running server goes through that server's
// admin socket instead (src/admin/socket.ts).
import { adminSocketPath } from '../admin/socket.ts';
import { DataDirBusyError, type Store } from '../db/connect.ts';

/**
 * Opens the store and runs `direct` on it, or — when a running server holds
 * the embedded data directory — runs `remote` against its admin socket.
 */
export async function viaStoreOrServer<C extends { store: Store }, T>(
  open: () => Promise<C>,
  direct: (opened: C) => Promise<T>,
  remote: (socket: string, busy: DataDirBusyError) => Promise<T>,
): Promise<T> {
  let opened: C;
  try {
    opened = await open();
  } catch (e) {
    const socket = e instanceof DataDirBusyError ? adminSocketPath(e.dataDir) : null;
    if (!socket) throw e;
    try {
      return await remote(socket, e as DataDirBusyError);
    } catch (viaServer) {
      // No socket (an older or stuck server): the lock's clear message is the better answer.
      const code = (viaServer as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ECONNREFUSED') throw e;
      throw viaServer;
    }
  }
  try {
    return await direct(opened);
  } finally {
    await opened.store.close();
  }
}
