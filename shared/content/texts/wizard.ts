/** Default site texts of the wizard's four steps (/wizard/1 to /wizard/4): each step's heading and introduction. */
export const WIZARD_TEXTS = {
  'step1.title': "Let's get to know you",
  'step1.subtitle': "We'll use this to file your LLC and keep you updated.",
  'step2.title': 'Tell us about your content',
  'step2.subtitle': 'This helps us set up your LLC for the way you create.',
  'step3.title': 'Set up your business',
  'step3.llcTax':
    'A single-member LLC saves no federal tax by itself: it is taxed like a sole proprietor, and any self-employed creator may deduct business expenses, LLC or not. The tax change comes from electing S-corporation status, which pays only above a break-even that depends on your profit, your salary and the running costs.',
  'step3.subtitle': 'Name your LLC and see what forming it could save you.',
  'step4.title': 'Review your application',
  'step4.subtitle': 'Check everything before you file. You can go back to edit any step.',
} as const satisfies Record<string, string>;
