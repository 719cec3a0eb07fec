import type { StoredFilingDetails } from '#shared/filing/details.schema.ts';
import { pdfFlatText, pdfText } from '../../tests/documents/pdf-text.ts';
import { detailsFor, EIN_DETAILS, orderFor, ourAgentIn } from '../../tests/documents/test-fixtures.ts';
import { einWorksheet, maskedTaxId, orderDocuments } from './index.ts';

describe('EIN worksheet', () => {
  const order = orderFor('FL', { addOns: { expeditedFiling: false, feinFiling: true, operatingAgreement: false } });

  it('gives the SS-4 answers from the order', async () => {
    const { documents } = await orderDocuments(order, detailsFor('FL', { ein: EIN_DETAILS }), ourAgentIn('FL'));
    const sheet = documents.find((d) => d.kind === 'ein_worksheet');
    expect(sheet?.fileName).toBe('fl-ein-worksheet-bright-pixel-studios-fl-llc.pdf');
    const text = await pdfFlatText(sheet!.bytes);
    expect(text).toContain('Legal name of entity Bright Pixel Studios FL LLC');
    expect(text).toContain('Name of responsible party Jordan Rivera');
    expect(text).toContain('***-**-6789');
    expect(text).toContain('Number of LLC members 2');
    expect(text).toContain('Started new business: Online video content creation and brand partnerships');
    expect(text).toContain('September 1, 2026');
    expect(text).toContain('Closing month of accounting year December');
    expect(text).toContain('Miami-Dade County, FL');
  });

  it('never prints the full tax id, even when a caller passes it', async () => {
    const leaky = {
      ...detailsFor('FL'),
      ein: { ...EIN_DETAILS, responsibleParty: { ...EIN_DETAILS.responsibleParty, taxId: '123-45-6789', taxIdLast4: '123-45-6789' } },
    } as unknown as StoredFilingDetails;
    const text = await pdfText((await einWorksheet(order, leaky)).bytes);
    expect(text).toContain('***-**-6789');
    expect(text).not.toContain('123-45-6789');
    expect(text).not.toContain('123456789');
    expect(text).not.toMatch(/\b123\b|\b45-6789\b|12345/);
  });

  it('masks an ITIN the same way', async () => {
    const itin = detailsFor('FL', { ein: { ...EIN_DETAILS, responsibleParty: { name: 'Jordan Rivera', taxIdType: 'itin', taxIdLast4: '4321' } } });
    const text = await pdfFlatText((await einWorksheet(order, itin)).bytes);
    expect(text).toContain('(ITIN) ***-**-4321');
  });

  it('masks to the last four digits whatever it is given', () => {
    expect(maskedTaxId('6789')).toBe('***-**-6789');
    expect(maskedTaxId('987-65-4321')).toBe('***-**-4321');
    expect(maskedTaxId('12')).toBe('***-**-**12');
  });

  it('refuses an order without EIN answers', async () => {
    await expect(einWorksheet(order, detailsFor('FL'))).rejects.toThrow('no EIN answers');
  });

  it('uses what the filing form asked the IRS questions the order did not know: county, employees, an earlier EIN', async () => {
    const asked = detailsFor('FL', { county: 'Miami-Dade', ein: { ...EIN_DETAILS, employeesExpected: 0, appliedBefore: true, priorEin: '12-3456789' } });
    const { documents } = await orderDocuments(order, asked, ourAgentIn('FL'));
    const sheet = await pdfFlatText(documents.find((d) => d.kind === 'ein_worksheet')!.bytes);
    expect(sheet).not.toContain('Not asked on the order');
    expect(sheet).toContain('13 Highest number of employees expected in the next 12 months 0');
    expect(sheet).toContain('18 Has the applicant entity applied for an EIN before? Yes: 12-3456789');
    expect(sheet).toContain('6 County of the principal office Miami-Dade');
    const summary = await pdfFlatText(documents.find((d) => d.kind === 'ein_summary')!.bytes);
    expect(summary).toContain('Employees expected in the next 12 months 0');
    expect(summary).toContain('Applied for an EIN before Yes, EIN 12-3456789');
    expect(summary).toContain('County of the business address Miami-Dade');
    // Details saved before the form asked still make the worksheet, with the questions left to confirm.
    const older = await pdfFlatText((await einWorksheet(order, detailsFor('FL', { ein: EIN_DETAILS }))).bytes);
    expect(older).toContain('Not asked on the order');
  });
});
