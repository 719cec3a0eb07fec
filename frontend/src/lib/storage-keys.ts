/** Every browser-storage key the site uses (docs/product.md section 9), in one place. */
export const STORAGE_KEYS = {
  data: 'wizardData',
  step: 'wizardCurrentStep',
  applicationId: 'applicationId',
  staffToken: 'staff_token',
} as const;
