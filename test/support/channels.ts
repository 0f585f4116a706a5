// A channel made up in a test (a receiver that never answers, a database
// that goes away mid-send): what the test gives, the rest of the Channel
// contract filled in with an inert default.
import type { Channel } from '../../src/channels/types.ts';
import { HadoError } from '../../src/errors.ts';

export function testChannel(parts: Pick<Channel, 'type' | 'presence' | 'deliver'> & Partial<Channel>): Channel {
  return {
    addedBy: 'config',
    settings: { keys: [], configured: true },
    confirms: 'none',
    add: async () => {
      throw new HadoError(409, 'conflict', `a test's ${parts.type} channel adds nothing`);
    },
    describe: () => ({ name: parts.type, details: [] }),
    idle: async () => {},
    close: async () => {},
    ...parts,
  };
}
