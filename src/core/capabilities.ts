// What a source may do beyond writing events and notices (issue 24): each
// capability is granted by the operator (hado source:create --can,
// source:grant, source:revoke); a call that needs one the source lacks is a
// 403 naming it.
import { HadoError } from '../errors.ts';

export const CAPABILITIES = ['provision', 'address'] as const;
export type Capability = (typeof CAPABILITIES)[number];

const DOES: Record<Capability, string> = {
  provision: 'provision users (PUT /api/users) and audiences',
  address: 'address notices to email addresses and Slack channels',
};

export function isCapability(value: string): value is Capability {
  return (CAPABILITIES as readonly string[]).includes(value);
}

/** Parses "provision,address" (the CLI's --can); throws a message naming the unknown one. */
export function parseCapabilities(list: string): Capability[] {
  const asked = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = asked.find((c) => !isCapability(c));
  if (unknown !== undefined) throw new Error(`"${unknown}" is not a capability; one of ${CAPABILITIES.join(', ')}`);
  return [...new Set(asked as Capability[])].sort();
}

/** The 403 of a call that needs `capability`; the body's `capability` field names it. */
export function missingCapability(sourceName: string, capability: Capability): HadoError {
  return new HadoError(
    403,
    'forbidden',
    `The source "${sourceName}" lacks the capability "${capability}" (to ${DOES[capability]}); grant it with: hado source:grant ${sourceName} ${capability}`,
    { capability },
  );
}

/** Throws the 403 unless the source holds the capability. */
export function requireCapability(source: { name: string; capabilities: readonly string[] }, capability: Capability): void {
  if (!source.capabilities.includes(capability)) throw missingCapability(source.name, capability);
}
