import type { StaffRole } from './accounts.ts';

/**
 * The staff actions that need more than a signed-in person, and the role each needs: one list read
 * by the route contract (shared/api/contract.ts, the server refuses) and by the staff screens (the
 * button is not shown), so a person never sees a button their role would be refused.
 */
export const ACTION_ROLES = {
  refund: 'owner',
  revealTaxId: 'owner',
  reopen: 'owner',
  /** A CSV of customers' orders or payments leaves the product: the owner's call. */
  exportData: 'owner',
} as const satisfies Record<string, StaffRole>;

export type StaffAction = keyof typeof ACTION_ROLES;

/** An owner may do everything; anyone else what their own role is named for. */
export function mayPerform(role: StaffRole | undefined, action: StaffAction): boolean {
  if (!role) return false;
  const needed = ACTION_ROLES[action] as StaffRole;
  return role === 'owner' || needed === role;
}
