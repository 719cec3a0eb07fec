import { w9Values } from '#shared/s-corp/w9.ts';
import { pdfFlatText } from '../../tests/documents/pdf-text.ts';
import { w9ValuesPdf } from './w9-values.ts';

/** The W-9 values PDF: our sheet, not the IRS form, with the values for the LLC's tax status. */
describe('W-9 values PDF', () => {
  const source = { form: 'Form W-9 (Rev. March 2024)', url: 'https://www.irs.gov/pub/irs-pdf/fw9.pdf', checked: '2026-12-02' };
  const llcName = 'Bright Pixel Studios LLC';

  it('before the election: the owner on line 1, the LLC on line 2, the SSN by its last four only', async () => {
    const values = w9Values({ llcName, members: ['Jordan Rivera'], ownerSsnLast4: '6789', ein: '12-3456789' });
    const made = await w9ValuesPdf({ orderNumber: 'CL-1234', businessName: llcName, values, source, today: '2026-12-02' });
    const text = await pdfFlatText(made.bytes);
    expect(text).toContain('This is not the IRS form');
    expect(text).toContain('1 Name of entity/individual Jordan Rivera');
    expect(text).toContain(`2 Business name/disregarded entity name ${llcName}`);
    expect(text).toContain('Check the "Individual/sole proprietor" box');
    expect(text).toContain('***-**-6789');
    expect(text).not.toContain('12-3456789');
    expect(text).toContain('December 2, 2026');
    expect(made.fileName).toBe('w9-values-bright-pixel-studios-llc.pdf');
  });

  it('after the election: the LLC’s name on line 1 and its EIN', async () => {
    const values = w9Values({ llcName, members: ['Jordan Rivera'], sCorporationSince: '2027-01-01', ein: '12-3456789', ownerSsnLast4: '6789' });
    const made = await w9ValuesPdf({ orderNumber: 'CL-1234', businessName: llcName, values, electionEffectiveOn: '2027-01-01', source, today: '2027-03-12' });
    const text = await pdfFlatText(made.bytes);
    expect(text).toContain(`1 Name of entity/individual ${llcName}`);
    expect(text).toContain('Check the "LLC" box and enter "S"');
    expect(text).toContain('Employer identification number 12-3456789');
    expect(text).toContain('From January 1, 2027');
    expect(text).not.toContain('***-**-6789');
  });
});
