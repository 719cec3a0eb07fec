/** Every browser-storage key the site uses (docs/product.md section 9), in one place. */
export const STORAGE_KEYS = {
  data: 'wizardData',
  step: 'wizardCurrentStep',
  applicationId: 'applicationId',
  staffToken: 'staff_token',
  /** Resume secrets of the applications this browser created, by id: they open them (never sent in a URL). */
  resumeSecrets: 'applicationSecrets',
  /** The lead's secret, by the wizard session's userId: the first lead write answers it, later ones send it. */
  leadSecrets: 'leadSecrets',
  /** The filing state the visitor chose themselves (pricing page or the "different state" selector). */
  chosenState: 'wizardChosenState',
} as const;

/** Keys of sessionStorage (this tab only). */
export const SESSION_KEYS = {
  /** The landing calculator's figures, handed to the wizard's step 3. */
  calculatorHandoff: 'calculatorHandoff',
  /** A content edit not saved yet, kept while staff sign in again. */
  contentDraft: 'contentEditorDraft',
} as const;
