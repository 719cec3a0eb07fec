import { stateFacts } from './state-data.ts';

/**
 * Where Form 2553 is sent: the IRS address or fax number the form's instructions ("Where To File")
 * give for the state of the LLC's principal office. The one source of the worksheet's "Sending it"
 * (./form-2553-worksheet.ts) and of the staff form that records the election as sent
 * (./order/election-view.ts); we do not hold the numbers themselves.
 */
export function sendingTo(officeCode: string): string {
  const code = officeCode.trim().toUpperCase();
  const name = stateFacts(code)?.name ?? code;
  return `The IRS address or fax number that the Form 2553 instructions give for ${name}, where the LLC's principal office is ("Where To File")`;
}
