/**
 * Order documents as PDF bytes: the filing packet (staff cover sheet and the state's formation
 * document or a worksheet), the operating agreement and the EIN (SS-4) worksheet. Pure
 * functions: the caller stores and serves the bytes. See ./README.md.
 */
export { einSummary } from './ein-summary.ts';
export { einDocuments, einWorksheet, maskedTaxId } from './ein-worksheet.ts';
export { filingPacket } from './filing-packet.ts';
export { FONT_FILES, setFontDirectory } from './fonts.ts';
export { form2553Document, form2553Worksheet, LATE_RELIEF } from './form-2553-worksheet.ts';
export { FORM_STATES } from './formation-forms.ts';
export { GENERATORS } from './generators.ts';
export { operatingAgreement, operatingAgreementDocument } from './operating-agreement.ts';
export { orderDocuments, owedKinds } from './order-documents.ts';
export { WORKSHEET_STATES } from './states.ts';
export type { FilingDocumentKind, FilingPacket, Form2553Facts, GeneratedDocument, Generator, Made, OrderSummary, OurRegisteredAgent } from './types.ts';
