/**
 * The audit trail's vocabulary (docs/product.md section 6, "Audit trail"): every staff action and
 * every sign-in, with who, when, what, the order it concerns and the values before and after.
 * Entries are append-only and kept AUDIT_RETENTION_YEARS (shared/retention.ts).
 */
export const AUDIT_ACTIONS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  signed_out: 'Signed out',
  session_revoked: 'Session ended',
  second_factor_added: 'Second factor added',
  second_factor_replaced: 'Second factor replaced',
  second_factor_removed: 'Second factor removed',
  password_check_failed: 'Wrong password when changing the second factor',
  recovery_code_used: 'Recovery code used',
  recovery_codes_generated: 'New recovery codes',
  second_factor_reset_by_operator: 'Second factor reset by the operator (break-glass)',
  invitation_accepted: 'Invitation accepted',
  owner_created: 'Owner account created',
  person_invited: 'Person invited',
  person_removed: 'Person removed',
  person_role_changed: 'Role or permissions changed',
  person_sign_in_reset: 'Sign-in reset',
  person_signed_out: 'Sessions ended by the owner',
  settings_changed: 'Operator settings changed',
  content_created: 'Content created',
  content_updated: 'Content changed',
  content_deleted: 'Content deleted',
  content_draft_saved: 'Content draft saved for approval',
  content_draft_approved: 'Content draft approved and published',
  content_draft_rejected: 'Content draft rejected',
  ticket_closed: 'Ticket closed',
  ticket_reopened: 'Ticket reopened',
  ticket_replied: 'Ticket answered',
  ticket_assigned: 'Ticket assigned',
  ticket_linked: 'Ticket tied to an order',
  email_retried: 'Email sent again',
  customer_email_change_requested: 'Customer email change asked for',
  customer_email_corrected: 'Customer email corrected',
  customer_email_change_stopped: 'Customer email change stopped',
  order_link_resent: 'Order link sent again',
  details_chased: 'Filing details chased',
  filing_details_edited: 'Filing details changed by staff',
  application_status_changed: 'Status moved',
  application_notes_changed: 'Notes changed',
  application_reopened: 'Order reopened',
  application_assigned: 'Order assigned',
  data_exported: 'Data exported',
  ein_recorded: 'EIN recorded',
  document_generated: 'Document generated',
  document_uploaded: 'Document uploaded',
  mail_logged: 'Mail logged',
  mail_handled: 'Mail marked handled',
  election_sent: 'S-corporation election recorded as sent',
  // Recorded by the customer for an election they filed themselves (actor: the customer's order).
  election_letter_recorded: 'S-corporation election recorded in effect (CP261)',
  home_state_fee_confirmed: "Home state's registration fee confirmed",
  tax_id_revealed: 'Tax id revealed',
  payment_refunded: 'Payment refunded',
  // The renewal sweep's charges (actor: system), and a renewal paid from the emailed link (actor: the customer's order).
  renewal_charged: 'Registered agent renewal charged',
  renewal_charge_failed: 'Registered agent renewal charge failed',
  renewal_lapsed: 'Registered agent renewal lapsed',
  annual_report_charged: 'Annual report service charged',
  annual_report_charge_failed: 'Annual report service charge failed',
  annual_report_lapsed: 'Annual report service lapsed',
  annual_report_filed: 'Annual report filed with the state',
  // One report's charge given back by an owner, with the reason (docs/decisions/0435).
  annual_report_refunded: 'Annual report charge refunded',
  // A renewal refunded with its cancellation within the Refund Policy's 30 days (actor: system, the customer's cancellation).
  renewal_refunded: 'Registered agent renewal refunded',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** Entries a page of the audit view shows. */
export const AUDIT_PAGE_SIZE = 50;
