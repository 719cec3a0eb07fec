import { roleAllows, type StaffPermission, type StaffPerson, type StaffRole } from './accounts.ts';

/**
 * The staff actions that need more than a signed-in person, the role each needs, and the
 * permission an owner can grant to open it to a person below that role: one list read by the route
 * contract (shared/api/contract.ts: the server refuses) and by the staff screens (the button, tab
 * or link is not shown), so a person never sees what their role would be refused.
 */
export const ACTION_ROLES = {
  refund: 'owner',
  revealTaxId: 'owner',
  reopen: 'owner',
  /** A CSV of customers' orders or payments leaves the product: the owner's call. */
  exportData: 'owner',
  manageStaff: 'owner',
  changeSettings: 'owner',
  /** The orders' workflow: the queue, the applications list, status moves, documents. */
  workOrders: 'processor',
  viewAudit: 'processor',
  /**
   * The content editor: a processor's change of a site text is a draft (docs/decisions/0412), which
   * an owner previews and approves before the public sees it.
   */
  editContent: 'processor',
  /** Publishing site texts (create, change, delete at once; approve or reject a draft): prices and promises. */
  publishContent: 'owner',
  answerTickets: 'support',
  /**
   * The mail room (docs/decisions/0421): logging a piece of mail with its scan and marking it
   * handled. Processor: the scan goes through the order's staff upload and the order's modal,
   * both the orders' workflow.
   */
  logMail: 'processor',
  /** Recording the S-corporation election as sent (docs/decisions/0422): the orders' workflow, like the uploads. */
  recordElection: 'processor',
  /** Confirming (or correcting) the home state's registration fee before the customer pays it (docs/decisions/0429): the orders' workflow. */
  confirmHomeStateFee: 'processor',
  /** A second pair of eyes on a customer's identity: a change of their email asked for by someone else (docs/decisions/0409). */
  approveEmailChange: 'processor',
} as const satisfies Record<string, StaffRole>;

export type StaffAction = keyof typeof ACTION_ROLES;

/** Actions an owner can open to a person of a lower role, and the permission that does. */
export const ACTION_PERMISSIONS: Partial<Record<StaffAction, StaffPermission>> = { revealTaxId: 'revealTaxId' };

/** Whether the person may do `action`: their role is high enough, or the owner granted its permission. */
export function mayPerform(person: Pick<StaffPerson, 'role' | 'permissions'> | undefined, action: StaffAction): boolean {
  if (!person) return false;
  if (roleAllows(person.role, ACTION_ROLES[action])) return true;
  const permission = ACTION_PERMISSIONS[action];
  return permission !== undefined && (person.permissions ?? []).includes(permission);
}
