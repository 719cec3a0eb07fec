import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '#shared/orders/view.schema.ts';
import { storedFilingDetails } from '../../../../../tests/fakes/filing-details.ts';
import { type ApiCall, headerOf, OPERATOR, ORDER_ID, orderView, RESUME_SECRET, type Replies, stubApi } from '../../../../../tests/harness/order.ts';
import { OPERATOR_SETTINGS_URL } from '../../../lib/operator.ts';
import { rememberResumeSecret } from '../../../lib/resume-secrets.ts';
import { seedSharedGet } from '../../../lib/shared-get.ts';
import { FilingDetailsForm } from './FilingDetailsForm.tsx';

/**
 * The filing details form on its own: the order page (OrderPage.test.tsx) shows it and acts on
 * what it reports (onSaved, onConflict); here the form is given the order and saves through the
 * API, answered by a fake.
 */

const PUT = `PUT /api/orders/${ORDER_ID}/filing-details`;
let replies: Replies;
let calls: ApiCall[];

beforeEach(() => {
  replies = {};
  calls = stubApi(replies);
  localStorage.clear();
  sessionStorage.clear();
  rememberResumeSecret(ORDER_ID, RESUME_SECRET);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The form of `view` as the order's holder sees it, the operator's settings already read (as the page's header and footer read them). */
function showForm(view: OrderView = orderView()) {
  seedSharedGet(OPERATOR_SETTINGS_URL, OPERATOR);
  const onSaved = vi.fn();
  const onConflict = vi.fn();
  const user = userEvent.setup();
  render(<FilingDetailsForm order={view} onSaved={onSaved} onConflict={onConflict} />);
  return { user, onSaved, onConflict };
}

const group = (name: string | RegExp) => screen.getByRole('group', { name });
type User = ReturnType<typeof userEvent.setup>;

/**
 * Puts `text` in an empty field the way a paste does: one input event. The form renders again
 * on every input, so a value typed key by key costs a render per character and checks nothing
 * more; what depends on single keys (the live ownership total) is typed.
 */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillAddress(user: User, name: string, line1 = '100 Main St') {
  const g = group(name);
  await enter(user, within(g).getByLabelText('Street address'), line1);
  await enter(user, within(g).getByLabelText('City'), 'Miami');
  await enter(user, within(g).getByLabelText('ZIP code'), '33101');
}

/** Everything a Florida order without the EIN add-on needs. */
async function fillValidForm(user: User) {
  await fillAddress(user, 'Principal office');
  await user.click(screen.getByRole('radio', { name: /Yes, renew it each year/ }));
  await enter(user, screen.getByLabelText("Organizer's full name"), 'Maya Lopez');
  // The signature and the first member are the organizer unless unticked.
  await user.click(screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ }));
}

describe('the filing details form', () => {
  it('says beside the principal office that a PO box is not a street address, once the field is left', async () => {
    const { user } = showForm();
    const street = within(group('Principal office')).getByLabelText('Street address');
    await enter(user, street, 'PO Box 12');
    expect(screen.queryByText(/A PO box is not a street address/)).toBeNull();
    await user.tab();
    const sentence = screen.getByText('A PO box is not a street address: enter where the business is located');
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(street.getAttribute('aria-describedby')).toContain(sentence.id);
    // The mailing address may be a PO box.
    await user.click(screen.getByRole('checkbox', { name: 'The mailing address is the same as the principal office' }));
    const mailing = within(group('Mailing address')).getByLabelText('Street address');
    await enter(user, mailing, 'PO Box 12');
    await user.tab();
    expect(mailing).not.toHaveAttribute('aria-invalid');
  });

  it('adds members with a live ownership total that must reach 100%', async () => {
    const { user } = showForm();
    const total = screen.getByTestId('ownership-total');
    expect(total).toHaveTextContent('Total ownership: 100% of 100%');
    await user.click(screen.getByRole('button', { name: 'Add a member' }));
    expect(screen.getByRole('group', { name: 'Member 2' })).toBeInTheDocument();
    const first = within(group('Member 1')).getByLabelText('Ownership %');
    await user.clear(first);
    await user.type(first, '60');
    await user.type(within(group('Member 2')).getByLabelText('Ownership %'), '30');
    expect(total).toHaveTextContent('Total ownership: 90% of 100%');
    await user.tab();
    expect(screen.getByText('Ownership must add up to 100% (now 90%)')).toBeInTheDocument();
    await user.type(within(group('Member 2')).getByLabelText('Ownership %'), '{backspace}{backspace}40');
    expect(total).toHaveTextContent('Total ownership: 100% of 100%');
    expect(screen.queryByText(/Ownership must add up to 100%/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /Remove member 2/ }));
    expect(screen.queryByRole('group', { name: 'Member 2' })).toBeNull();
  });

  it('asks no EIN questions of an order without the EIN add-on', () => {
    showForm();
    expect(screen.queryByLabelText('SSN or ITIN')).toBeNull();
    expect(screen.queryByRole('group', { name: 'For your EIN application' })).toBeNull();
  });

  it('for an EIN order: the SSN input hides its digits until asked, and goes in the PUT body only', async () => {
    const { user, onSaved } = showForm(orderView({}, { ein: true }));
    const taxId = screen.getByLabelText('SSN or ITIN');
    expect(taxId).toHaveAttribute('type', 'password');
    expect(taxId).toHaveAttribute('autocomplete', 'off');
    await enter(user, taxId, '123-45-6789');
    await user.click(screen.getByRole('button', { name: 'Show the number' }));
    expect(taxId).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide the number' }));
    expect(taxId).toHaveAttribute('type', 'password');

    await fillValidForm(user);
    // The responsible party is someone else here.
    await user.click(screen.getByRole('checkbox', { name: 'The responsible party is the organizer (Maya Lopez)' }));
    await enter(user, screen.getByLabelText("Responsible party's full name"), 'Ana Lopez');
    await user.click(screen.getByRole('radio', { name: /Social Security number/ }));
    await enter(user, screen.getByLabelText('What the business does'), 'Video content');
    await enter(user, screen.getByLabelText('Business start date'), '2026-12-01');
    let sent: unknown;
    const saved = orderView({}, { ein: true, complete: true, taxIdOnFile: true, value: null });
    replies[PUT] = (init) => {
      sent = JSON.parse(String(init.body));
      return { status: 200, body: saved };
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent).toMatchObject({
      ein: { responsibleParty: { name: 'Ana Lopez', taxIdType: 'ssn', taxId: '123-45-6789' }, businessActivity: 'Video content', fiscalYearEndMonth: 12 },
    });
    const put = calls.find((c) => c.key.startsWith('PUT'));
    expect(headerOf(put!.init, 'x-resume-secret')).toBe(RESUME_SECRET);
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toMatch(/45-?6789/);
  });

  it('says beside the ZIP code, once it is left, when it is not in the chosen state', async () => {
    const { user } = showForm();
    const zip = within(group('Principal office')).getByLabelText('ZIP code');
    await enter(user, zip, '10001');
    await user.tab();
    const sentence = screen.getByText('ZIP code 10001 is in New York, not Florida: check the ZIP code or the state');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip.getAttribute('aria-describedby')).toContain(sentence.id);
    await user.selectOptions(within(group('Principal office')).getByLabelText('State'), 'NY');
    expect(screen.queryByText(/ZIP code 10001 is in New York/)).toBeNull();
  });

  it('on Save, shows every sentence and moves the focus to the first field that needs attention', async () => {
    const { user, onSaved } = showForm();
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    const street = within(group('Principal office')).getByLabelText('Street address');
    await waitFor(() => expect(street).toHaveFocus());
    expect(screen.getByText('Enter street address')).toBeInTheDocument();
    expect(screen.getByText('Say whether we may renew the registered agent service after the first year')).toBeInTheDocument();
    expect(screen.getByText('Tick the box to sign electronically')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("puts the server's 400 sentences beside the fields they name, and focuses the first", async () => {
    const { user, onSaved } = showForm();
    await fillValidForm(user);
    await user.click(within(group('Member 1')).getByRole('checkbox', { name: 'Same as the organizer (Maya Lopez)' }));
    await enter(user, within(group('Member 1')).getByLabelText('Full name'), 'Maya Lopez');
    replies[PUT] = {
      status: 400,
      body: {
        error: 'Request body is invalid: check principalOffice.zip, members.0.name',
        code: 'invalid_request',
        details: { 'principalOffice.zip': ['This ZIP code is not in Florida'], 'members.0.name': ['Member name is not accepted by the state'] },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    const zip = within(group('Principal office')).getByLabelText('ZIP code');
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This ZIP code is not in Florida').id).toBe(zip.getAttribute('aria-describedby'));
    const memberName = within(group('Member 1')).getByLabelText('Full name');
    expect(memberName.getAttribute('aria-describedby')).toBe(screen.getByText('Member name is not accepted by the state').id);
    // Changing the field clears the server's sentence about it.
    await user.type(zip, '4');
    expect(screen.queryByText('This ZIP code is not in Florida')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves what was filled in and hands the page the order the server answers', async () => {
    const { user, onSaved, onConflict } = showForm();
    await fillValidForm(user);
    let sent: Record<string, unknown> | undefined;
    const saved = orderView({}, { complete: true, value: storedFilingDetails() as never });
    replies[PUT] = (init) => {
      sent = JSON.parse(String(init.body));
      return { status: 200, body: saved };
    };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(sent).toMatchObject({
      principalOffice: { line1: '100 Main St', city: 'Miami', state: 'FL', zip: '33101' },
      registeredAgent: { kind: 'ours', renewalConsent: true },
      management: 'member',
      members: [{ name: 'Maya Lopez', ownershipPercent: 100, address: { line1: '100 Main St' } }],
    });
    expect(sent).not.toHaveProperty('mailingAddress');
    expect(sent).not.toHaveProperty('ein');
    expect(onConflict).not.toHaveBeenCalled();
  });

  it('changing saved details: the consent box is not silently emptied, the form says they are signed again', () => {
    showForm(orderView({}, { complete: true, value: storedFilingDetails() as never }));
    const consent = screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(/Changed details are signed again: tick the box to sign them/);
    expect(screen.getByRole('checkbox', { name: "Sign with the organizer's name (Maya Lopez)" })).toBeChecked();
  });

  it('starts from what the wizard was told: the creator as organizer, signature, member and responsible party; the office in their state', async () => {
    const { user, onSaved } = showForm(
      orderView(
        { applicant: { firstName: 'Maya', lastName: 'Lopez', phone: '305-555-0147', residenceState: 'CA', platforms: ['YouTube'] } },
        { ein: true, operatingAgreement: true },
      ),
    );
    expect(screen.getByLabelText("Organizer's full name")).toHaveValue('Maya Lopez');
    expect(within(group('Principal office')).getByLabelText('State')).toHaveValue('CA');
    expect(within(group('Member 1')).getByRole('checkbox', { name: 'Same as the organizer (Maya Lopez)' })).toBeChecked();
    expect(within(group('Member 1')).queryByLabelText('Full name')).toBeNull();
    expect(screen.getByRole('checkbox', { name: "Sign with the organizer's name (Maya Lopez)" })).toBeChecked();
    expect(screen.queryByLabelText(/Electronic signature/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'The responsible party is the organizer (Maya Lopez)' })).toBeChecked();
    // The email and phone the wizard took are the filing's contact, shown and not asked again.
    const contact = screen.getByText('Contact for the filing').parentElement!;
    expect(contact).toHaveTextContent(`${orderView({}).email} · 305-555-0147`);
    expect(contact).toHaveTextContent('the EIN application gives the IRS this phone number');
    expect(screen.queryByRole('textbox', { name: /phone/i })).toBeNull();
    // A changed organizer name is everyone's who is "the same".
    const organizer = screen.getByLabelText("Organizer's full name");
    await user.clear(organizer);
    await enter(user, organizer, 'Maya R. Lopez');
    let sent: Record<string, unknown> | undefined;
    replies[PUT] = (init) => {
      sent = JSON.parse(String(init.body));
      return { status: 200, body: orderView({}, { complete: true, ein: true, value: null }) };
    };
    await fillAddress(user, 'Principal office');
    await user.selectOptions(within(group('Principal office')).getByLabelText('State'), 'FL');
    await user.click(screen.getByRole('radio', { name: /Yes, renew it each year/ }));
    await user.click(screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ }));
    await user.click(screen.getByRole('radio', { name: /Social Security number/ }));
    await enter(user, screen.getByLabelText('SSN or ITIN'), '123-45-6789');
    await enter(user, screen.getByLabelText('What the business does'), 'Video content');
    await enter(user, screen.getByLabelText('Business start date'), '2026-12-01');
    // The operating agreement's Schedule A: the wizard's platforms, with the handle; the member's contribution.
    expect(screen.getByLabelText('Platform')).toHaveValue('YouTube');
    await enter(user, screen.getByLabelText('YouTube handle or address'), '@mayamakes');
    await enter(user, within(group('Member 1')).getByLabelText('Initial contribution (optional)'), '$500 cash');
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toMatchObject({
      organizer: { name: 'Maya R. Lopez' },
      signature: { typedName: 'Maya R. Lopez', consent: true },
      members: [{ name: 'Maya R. Lopez', contribution: '$500 cash' }],
      companyAccounts: [{ platform: 'YouTube', handle: '@mayamakes' }],
      ein: { responsibleParty: { name: 'Maya R. Lopez' } },
    });
  });

  it("a 409 hands the server's sentence to the page, which says it", async () => {
    // Saved details, changed: signing them again is all they need to be sent.
    const { user, onSaved, onConflict } = showForm(orderView({}, { complete: true, value: storedFilingDetails() as never }));
    await user.click(screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ }));
    const sentence = 'We have started filing your LLC, so the details can no longer be changed here: send us a change request from this page instead';
    replies[PUT] = { status: 409, body: { error: sentence, code: 'details_locked' } };
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    await waitFor(() => expect(onConflict).toHaveBeenCalledWith(sentence));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says next to the members when the state keeps owners off the public record', () => {
    showForm(orderView({ state: 'WY', stateName: 'Wyoming' }, { ownersOffRecord: true }));
    expect(screen.getByTestId('owners-off-record')).toHaveTextContent("Wyoming keeps owners' names off the public record");
  });

  it('tells a New York order its registered agent is optional, and no other state’s', () => {
    showForm(orderView({ state: 'NY', stateName: 'New York' }));
    expect(screen.getByTestId('agent-optional')).toHaveTextContent(
      'In New York a registered agent is optional: the Secretary of State is the LLC’s agent for service of process',
    );
    expect(screen.queryByText(/Every LLC needs an agent/)).toBeNull();
  });

  it('tells other states’ orders that an agent is needed', () => {
    showForm(orderView({ state: 'WY', stateName: 'Wyoming' }));
    expect(screen.getByText(/Every LLC needs an agent with a street address in Wyoming/)).toBeInTheDocument();
    expect(screen.queryByTestId('agent-optional')).toBeNull();
  });
});

describe('our registered agent', () => {
  it('is offered only where the operator has an office: elsewhere the form asks for the customer’s own agent', async () => {
    showForm(orderView({ state: 'MT', stateName: 'Montana' }));
    expect(await screen.findByTestId('agent-not-offered')).toHaveTextContent('We do not have a registered agent office in Montana');
    expect(screen.queryByRole('radio', { name: /Use CreatorLLC as the registered agent/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /I have my own registered agent/ })).toBeChecked();
    expect(screen.queryByRole('group', { name: /may we renew/ })).toBeNull();
  });

  it('is offered in Florida, where the office is', () => {
    showForm();
    expect(screen.getByRole('radio', { name: /Use CreatorLLC as the registered agent/ })).toBeInTheDocument();
    expect(screen.queryByTestId('agent-not-offered')).toBeNull();
  });
});

describe('our address on the filing (privacy)', () => {
  const OURS = { address: { line1: '1712 Pioneer Avenue', line2: 'Suite 500', city: 'Cheyenne', state: 'WY', zip: '82001' }, organizer: 'Dana Whitfield' };
  /** The form of a Wyoming order, the operator's privacy address and organizer set unless `withSetting` is false. */
  function showPrivacyForm(chosePrivacy: boolean, state = 'WY', stateName = 'Wyoming', withSetting = true) {
    seedSharedGet(OPERATOR_SETTINGS_URL, { ...OPERATOR, privacyFiling: withSetting ? OURS : null });
    const user = userEvent.setup();
    render(
      <FilingDetailsForm order={orderView({ state, stateName }, { ownersOffRecord: state === 'WY', chosePrivacy })} onSaved={vi.fn()} onConflict={vi.fn()} />,
    );
    return { user };
  }
  const choice = () => screen.queryByRole('checkbox', { name: /Use our address as the principal office and mailing address/ });

  it('is ticked for a customer who chose privacy, and says what will be public in Wyoming with it', async () => {
    const { user } = showPrivacyForm(true);
    expect(choice()).toBeChecked();
    expect(screen.getByText(/1712 Pioneer Avenue, Suite 500, Cheyenne, WY 82001 \(Creator Filings LLC\)/)).toBeInTheDocument();
    const record = screen.getByTestId('public-record');
    expect(record).toHaveTextContent('What will be public in Wyoming');
    expect(record).toHaveTextContent('The principal office and mailing address on the filing are ours, not yours.');
    expect(record).toHaveTextContent('Our organizer signs the filing, so your name is not on it as organizer.');
    expect(record).toHaveTextContent("Wyoming's formation document does not ask for the members' or managers' names.");
    expect(record).toHaveTextContent('Our state data does not say whether Wyoming requires the principal office to be a physical place of business.');
    expect(screen.getByTestId('our-organizer')).toHaveTextContent('Our organizer, Dana Whitfield, signs the Wyoming filing for Creator Filings LLC');
    // Unticked, the sentences speak of the customer's own address and name.
    await user.click(choice() as HTMLElement);
    expect(record).toHaveTextContent('The principal office and mailing address you give are printed on the filing.');
    expect(screen.queryByTestId('our-organizer')).toBeNull();
  });

  it('is offered unticked to a customer who did not choose privacy, and saved when ticked', async () => {
    replies[PUT] = { status: 200, body: orderView() };
    const { user } = showPrivacyForm(false);
    expect(choice()).not.toBeChecked();
    await user.click(choice() as HTMLElement);
    await fillAddress(user, 'Principal office');
    const g = group('Principal office');
    await user.clear(within(g).getByLabelText('ZIP code'));
    await enter(user, within(g).getByLabelText('ZIP code'), '82001');
    await user.selectOptions(within(g).getByLabelText('State'), 'WY');
    await user.click(screen.getByRole('radio', { name: /I have my own registered agent/ }));
    await enter(user, screen.getByLabelText("Agent's name (a person or a company)"), 'Capitol Agents Inc.');
    const agent = group("Agent's street address");
    await enter(user, within(agent).getByLabelText('Street address'), '300 Capitol Avenue');
    await enter(user, within(agent).getByLabelText('City'), 'Cheyenne');
    await enter(user, within(agent).getByLabelText('ZIP code'), '82001');
    await user.click(screen.getByRole('checkbox', { name: /The agent has agreed/ }));
    await enter(user, screen.getByLabelText("Organizer's full name"), 'Maya Lopez');
    await user.click(screen.getByRole('checkbox', { name: /typing my name is my electronic signature/ }));
    await user.click(screen.getByRole('button', { name: 'Save filing details' }));
    await waitFor(() => expect(calls.some((c) => c.key === PUT)).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.key === PUT)?.init.body));
    expect(body.useOurAddress).toBe(true);
  });

  it('is not offered where the state data does not allow it, and the sentences say what will be public there', () => {
    showPrivacyForm(true, 'NV', 'Nevada');
    expect(choice()).toBeNull();
    const record = screen.getByTestId('public-record');
    expect(record).toHaveTextContent("Nevada's formation document names the members or managers.");
    expect(record).toHaveTextContent('The principal office and mailing address you give are printed on the filing.');
  });

  it('is not offered while the operator has not set the privacy address and organizer', () => {
    showPrivacyForm(true, 'WY', 'Wyoming', false);
    expect(choice()).toBeNull();
    expect(screen.getByTestId('public-record')).toHaveTextContent('The principal office and mailing address you give are printed on the filing.');
  });
});
