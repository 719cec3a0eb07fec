import * as z from '../zod.ts';
import { wizardDataSchema } from './data.schema.ts';

/** Lead payloads the wizard sends after steps 2 and 3 (docs/product.md section 7). */
const s = wizardDataSchema.shape;
const contact = {
  userId: s.userId,
  firstName: s.firstName.check(z.minLength(1, 'First name is required')),
  lastName: s.lastName.check(z.minLength(1, 'Last name is required')),
  email: z.email('Email must be a valid address').check(z.maxLength(254)),
  phone: s.phone.check(z.minLength(1, 'Phone is required')),
  state: s.state,
  contentTypes: s.contentTypes,
  platforms: s.platforms,
  /** The secret the wizard session's first lead write answered: later writes of the session send it (never stored or forwarded). */
  leadSecret: z.optional(
    z.string({ error: 'leadSecret must be text' }).check(z.minLength(16, 'leadSecret is too short'), z.maxLength(128, 'leadSecret is too long')),
  ),
};

export const stage1LeadSchema = z.strictObject({
  ...contact,
  stepCompleted: z.literal(2),
  leadSource: z.literal('wizard_profile_step'),
});

export const stage2LeadSchema = z.strictObject({
  ...contact,
  businessName: s.businessName.check(z.minLength(1, 'Business name is required')),
  annualIncome: s.annualIncome,
  estimatedSavings: s.estimatedSavings,
  stepCompleted: z.literal(3),
  leadSource: z.literal('wizard_business_setup'),
});

export type Stage1Lead = z.infer<typeof stage1LeadSchema>;
export type Stage2Lead = z.infer<typeof stage2LeadSchema>;
/** A lead as stored and forwarded: without the session's secret. */
export type Lead = Omit<Stage1Lead, 'leadSecret'> | Omit<Stage2Lead, 'leadSecret'>;
