import { screen, waitFor, within } from '@testing-library/react';
import { ADDRESS_RULES, PIN_FORMAT, PIN_NOT_KNOWN } from '@shop/rules';
import { describe, expect, it, vi } from 'vitest';
import type { AddressInput } from '../gql/graphql';
import { pinPlace, pinPlaceMock } from '../test/address-fixtures';
import { graphQLErrorResult } from '../test/fixtures';
import { renderWithShop } from '../test/render';
import { AddressForm } from './AddressForm';
import { CombinedGraphQLErrors } from '@apollo/client/errors';

const BENGALURU = pinPlace('560001', 'Bengaluru', '29', 'Karnataka');

function form() {
  return within(screen.getByRole('form', { name: 'New address' }));
}

function field(label: RegExp) {
  return form().getByLabelText(label);
}

/** The address form alone, saving through `onSave`. */
function renderForm(
  onSave: (input: AddressInput) => Promise<unknown>,
  mocks = [pinPlaceMock('560001', BENGALURU)],
) {
  return renderWithShop(
    <AddressForm label="New address" submitLabel="Save address" onSave={onSave} />,
    { mocks },
  );
}

type User = ReturnType<typeof renderForm>['user'];

async function fillAllButPin(user: User) {
  await user.type(field(/^Full name/), 'Asha Rao');
  await user.type(field(/^Mobile number/), '+91 98450 12345');
  await user.type(field(/^House, building, street/), '12 MG Road');
}

/** A refusal as the server sends it: a GraphQL error whose message names the field. */
const refusal = (message: string) =>
  new CombinedGraphQLErrors(graphQLErrorResult(message) as never);

describe('Address form', () => {
  it('fills the city and the state as soon as a known PIN is typed', async () => {
    const { user } = renderForm(vi.fn());
    await user.type(field(/^PIN code/), '560001');
    // Both fill from one answer, though not always in one render on a busy machine.
    await waitFor(() => {
      expect(field(/^Town or city/)).toHaveValue('Bengaluru');
      expect(form().getAllByLabelText(/^State or union territory/)[0]).toHaveValue('Karnataka');
    });
  });

  it('sends the address as typed, the state by its GST code', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { user } = renderForm(onSave);
    await user.type(field(/^PIN code/), '560001');
    await waitFor(() => expect(field(/^Town or city/)).toHaveValue('Bengaluru'));
    await fillAllButPin(user);
    await user.type(field(/^Landmark/), 'Near Cubbon Park');
    await user.click(form().getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Asha Rao',
      mobile: '9845012345',
      line1: '12 MG Road',
      line2: '',
      landmark: 'Near Cubbon Park',
      city: 'Bengaluru',
      stateCode: '29',
      pin: '560001',
      makeDefault: null,
    });
  });

  it('says beside the PIN that India Post does not have it, and sends nothing', async () => {
    const onSave = vi.fn();
    const { user } = renderForm(onSave, [pinPlaceMock('100001', null)]);
    await user.type(field(/^PIN code/), '100001');
    expect(await form().findByText(PIN_NOT_KNOWN)).toBeInTheDocument();
    expect(field(/^PIN code/)).toHaveAttribute('aria-invalid', 'true');
    await fillAllButPin(user);
    await user.click(form().getByRole('button', { name: 'Save address' }));
    expect(await form().findByText(PIN_NOT_KNOWN)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows each rule broken beside its field, not in a toast, and sends nothing', async () => {
    const onSave = vi.fn();
    const { user } = renderForm(onSave, []);
    await user.type(field(/^Mobile number/), '98765');
    await user.type(field(/^PIN code/), '06000');
    await user.click(form().getByRole('button', { name: 'Save address' }));
    expect(await form().findByText(ADDRESS_RULES.mobile)).toBeInTheDocument();
    expect(form().getByText(PIN_FORMAT)).toBeInTheDocument();
    expect(form().getByText(ADDRESS_RULES.required.name)).toBeInTheDocument();
    expect(form().getByText(ADDRESS_RULES.required.line1)).toBeInTheDocument();
    expect(form().getByText(ADDRESS_RULES.required.city)).toBeInTheDocument();
    expect(form().getByText(ADDRESS_RULES.required.stateCode)).toBeInTheDocument();
    expect(field(/^Mobile number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('takes the mobile with +91, 0 or dashes', async () => {
    const { user } = renderForm(vi.fn(), []);
    await user.type(field(/^Mobile number/), '098450-12345');
    await user.tab();
    expect(form().queryByText(ADDRESS_RULES.mobile)).toBeNull();
    await user.clear(field(/^Mobile number/));
    await user.type(field(/^Mobile number/), '12345 67890');
    await user.tab();
    expect(await form().findByText(ADDRESS_RULES.mobile)).toBeInTheDocument();
  });

  it("shows the server's refusal beside the field it names", async () => {
    const message = ADDRESS_RULES.pinElsewhere('560001', 'Karnataka', 'Maharashtra');
    const onSave = vi.fn().mockRejectedValue(refusal(`pin: ${message}`));
    const { user } = renderForm(onSave);
    await user.type(field(/^PIN code/), '560001');
    await waitFor(() => expect(field(/^Town or city/)).toHaveValue('Bengaluru'));
    await fillAllButPin(user);
    await user.click(form().getByRole('button', { name: 'Save address' }));
    expect(await form().findByText(message)).toBeInTheDocument();
    expect(field(/^PIN code/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal about no one field (a full book) above the buttons', async () => {
    const onSave = vi.fn().mockRejectedValue(refusal(`addresses: ${ADDRESS_RULES.tooMany}`));
    const { user } = renderForm(onSave);
    await user.type(field(/^PIN code/), '560001');
    await waitFor(() => expect(field(/^Town or city/)).toHaveValue('Bengaluru'));
    await fillAllButPin(user);
    await user.click(form().getByRole('button', { name: 'Save address' }));
    expect(await form().findByRole('alert')).toHaveTextContent(
      `addresses: ${ADDRESS_RULES.tooMany}`,
    );
  });
});
