import * as z from '../zod.ts';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './methods.ts';

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
