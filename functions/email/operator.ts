import { formatAddress } from '#shared/operator/settings.ts';
import { getOperatorSettings } from '../data/operator-settings.ts';
import type { EmailOperator } from './templates/Layout.tsx';

/** Who signs the emails' footer: the operator's settings as they are when the message is sent. */
export async function emailOperator(): Promise<EmailOperator> {
  const s = await getOperatorSettings();
  return { legalName: s.legalName, address: s.address ? formatAddress(s.address) : null, supportEmail: s.supportEmail, supportPhone: s.supportPhone };
}
