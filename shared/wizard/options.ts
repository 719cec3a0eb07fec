/** Creator profile choices (docs/product.md "Wizard step 2"), in display order. */
export const CONTENT_TYPES = ['lifestyle', 'fitness', 'food', 'travel', 'beauty', 'gaming', 'fashion', 'tech', 'pets', 'diy', 'music', 'comedy'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const PLATFORMS = ['instagram', 'tiktok', 'youtube', 'twitter', 'facebook', 'snapchat', 'linkedin', 'twitch'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  lifestyle: 'Lifestyle',
  fitness: 'Fitness',
  food: 'Food',
  travel: 'Travel',
  beauty: 'Beauty',
  gaming: 'Gaming',
  fashion: 'Fashion',
  tech: 'Tech',
  pets: 'Pets',
  diy: 'DIY',
  music: 'Music',
  comedy: 'Comedy',
};

export const PLATFORM_LABELS: Record<Platform, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitter: 'Twitter / X',
  facebook: 'Facebook',
  snapchat: 'Snapchat',
  linkedin: 'LinkedIn',
  twitch: 'Twitch',
};

/** The label of a stored content type or platform (the one label set of the wizard, review and staff screens); an unknown value shows as stored. */
export function contentTypeLabel(value: string): string {
  return (CONTENT_TYPE_LABELS as Record<string, string>)[value] ?? value;
}
export function platformLabel(value: string): string {
  return (PLATFORM_LABELS as Record<string, string>)[value] ?? value;
}

/** Filing priorities for visitors without inventory (docs/product.md "Wizard step 1"). */
export const PRIORITIES = ['privacy', 'protection', 'tax', 'investors', 'homestate'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const PRIORITY_LABELS: Record<Priority, { label: string; description: string }> = {
  privacy: { label: 'Privacy', description: 'Keep owner names off public records' },
  protection: { label: 'Asset Protection', description: 'Strong courts and case law for LLC owners' },
  tax: { label: 'Tax Savings', description: 'No state income tax, low fees' },
  investors: { label: 'Raising capital / investors', description: 'The state investors know best' },
  homestate: { label: 'My home state', description: 'File where you live' },
};

/** The four wizard steps and their labels (docs/product.md "Wizard progress indicator"). */
export const WIZARD_STEPS = [
  { step: 1, label: 'Basic Info' },
  { step: 2, label: 'Creator Profile' },
  { step: 3, label: 'Business Setup' },
  { step: 4, label: 'Review & File' },
] as const;
export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;
export type WizardStep = 1 | 2 | 3 | 4;
