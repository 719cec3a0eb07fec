import { describe, expect, it } from 'vitest';
import { normaliseBusinessName } from '#shared/wizard/business-name.ts';
import { initialWizardData, type WizardData } from '#shared/wizard/data.schema.ts';
import { FIELD_STEP, fieldProblems, formatProblems, normalisedValue, type WizardField } from '#shared/wizard/steps.ts';
import { readApplication } from '../../../tests/fakes/applications.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as checkAvailability } from '../business-names/check-availability.ts';
import { handler as create } from './create.ts';
import { handler as update } from './update.ts';

/**
 * The browser and the server give the same verdict and the same sentence (docs/product.md
 * section 5). For each typed value: what the wizard shows beside the field and whether it lets
 * the visitor on (the shared fieldProblems the steps call), against what the real handlers
 * answer to an autosave and to the submission, and what the server stores.
 */
const complete: WizardData = {
  ...initialWizardData('user-verdicts-01'),
  firstName: 'Ava',
  lastName: 'Rivera',
  email: 'ava@example.com',
  phone: '305-555-0100',
  priority: 'tax',
  state: 'FL',
  residenceState: 'FL',
  contentTypes: ['food'],
  platforms: ['tiktok'],
  businessName: 'Sunny Bites LLC',
  currentStep: 4,
};

type Row = [field: WizardField, typed: string, sentence: string | null];
const ROWS: Row[] = [
  ['firstName', 'Ava2', 'First name can\'t contain "2". Use letters, spaces, apostrophes, hyphens, periods or commas.'],
  ['firstName', 'José-María', null],
  ['firstName', 'D’Angelo Jr.', null],
  ['firstName', '', 'Enter your first name'],
  ['lastName', 'Rivera #3', 'Last name can\'t contain "#" or "3". Use letters, spaces, apostrophes, hyphens, periods or commas.'],
  ['email', 'ava@example', 'Enter a complete email address, such as name@example.com'],
  ['email', 'ava rivera@example.com', "Email can't contain spaces. An email address looks like name@example.com."],
  ['email', 'ava@example.com', null],
  ['phone', '+1 (305) 555-0100 ext 12', null],
  ['phone', '305.555.0100 x12', null],
  ['phone', '555-010 ext 12', 'Enter a phone number with at least 7 digits'],
  ['phone', 'call me', 'Phone can use digits, spaces and + ( ) - . with an extension such as "ext 12" at the end.'],
  [
    'businessName',
    'Café Crème™',
    'Business name can\'t contain "™". A state filing takes letters (accented ones too), digits, spaces and & \' . , ! ? ( ) + @ # : / -',
  ],
  ['businessName', 'Café Crème', null],
  [
    'businessName',
    'First Trust Bank',
    'Names containing "bank", "trust" need approval from a state regulator in Florida, so we can\'t file them as a standard LLC.',
  ],
  ['businessName', '123', 'Enter a business name with at least one letter before "LLC".'],
];

let visitor = 0;
/** Each row is its own visitor: per-address write limits. */
const nextIp = () => `198.51.100.${++visitor}`;

async function newApplication(ip: string): Promise<{ id: string; secret: string }> {
  const { completed: _c, ...draft } = complete;
  const res = await invoke(create, apiEvent({ method: 'POST', route: '/api/llc-applications', body: draft, sourceIp: ip }));
  expect(res.status).toBe(201);
  return { id: res.body.id, secret: res.body.resumeSecret };
}

const patch = (app: { id: string; secret: string }, body: unknown, ip: string) =>
  invoke(
    update,
    apiEvent({
      method: 'PATCH',
      route: '/api/llc-applications/{id}',
      path: `/api/llc-applications/${app.id}`,
      pathParameters: { id: app.id },
      body,
      resumeSecret: app.secret,
      sourceIp: ip,
    }),
  );

describe('the same verdict and sentence in the browser and on the server', () => {
  it.each(ROWS)('%s %j', async (field, typed, sentence) => {
    // What the browser holds once the visitor leaves the field (a business name gets its designator).
    const value = field === 'businessName' ? normaliseBusinessName(typed) : typed;
    const data = { ...complete, [field]: value };

    // The browser: the sentence beside the field, and Next blocked exactly when there is one.
    const step = FIELD_STEP[field] ?? 4;
    expect(fieldProblems(step, data)[field] ?? null).toBe(sentence);
    expect(Object.keys(fieldProblems(step, data)).length > 0).toBe(sentence !== null);

    const ip = nextIp();
    const app = await newApplication(ip);

    // Autosave: refused exactly when the shared schema refuses the value, with its sentence.
    const draftSentence = formatProblems(field, value)[0];
    const saved = await patch(app, { [field]: value }, ip);
    if (draftSentence) {
      expect(saved.status).toBe(400);
      expect(saved.body.details[field][0]).toBe(draftSentence);
      expect(draftSentence).toBe(sentence);
    } else {
      expect(saved.status).toBe(200);
    }

    // Submission: the sentence the browser shows, under the field's own name.
    const submitted = await patch(app, { ...data, completed: true }, ip);
    if (sentence) {
      expect(submitted.status).toBe(400);
      expect(submitted.body.details[field]).toEqual([sentence]);
      expect((await readApplication(app.id))?.status).toBe('draft');
    } else {
      expect(submitted.status).toBe(200);
      // Stored as the browser writes it back into the field on blur.
      expect((await readApplication(app.id))?.[field]).toBe(normalisedValue(field, value));
    }
  });

  it('a phone with an extension is stored normalised, the way the browser writes it on blur', () => {
    expect(normalisedValue('phone', '  +1 (305)  555-0100  EXT. 12 ')).toBe('+1 (305) 555-0100 ext 12');
    expect(normalisedValue('phone', '305.555.0100 x12')).toBe('305.555.0100 ext 12');
  });

  it.each(ROWS.filter(([field]) => field === 'businessName'))('the name check (typed name on blur) agrees: %s %j', async (_field, typed, sentence) => {
    const name = normaliseBusinessName(typed);
    const res = await invoke(
      checkAvailability,
      apiEvent({ method: 'POST', route: '/api/business-names/check-availability', body: { name, state: 'FL' }, sourceIp: nextIp() }),
    );
    if (formatProblems('businessName', name).length) {
      expect(res.status).toBe(400);
      expect(res.body.details.name[0]).toBe(sentence);
    } else if (sentence) {
      expect(res.body).toEqual({ available: false, name, reason: sentence });
    } else {
      expect(res.body).toEqual({ available: true, name });
    }
  });
});
