/** Default site texts of the payment confirmation page (/success) once the payment is recorded. */
export const SUCCESS_TEXTS = {
  'paid.title': 'Payment successful',
  'paid.body': 'Thank you! Your LLC formation is under way.',
  'next.title': 'What happens next',
  'next.email': 'You will receive a confirmation email with your order summary.',
  'next.documents': 'Once the state approves your LLC, your formation documents are in the vault on your order page, and we email you a link to them.',
} as const satisfies Record<string, string>;
