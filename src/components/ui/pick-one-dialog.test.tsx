import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PickOneDialog, PickOneForm } from './pick-one-dialog';

function renderDialog(open: boolean, onPick = vi.fn()) {
  return render(
    <PickOneDialog open={open} onCancel={vi.fn()} titleId="pick-title" maxWidth="xs">
      <PickOneForm
        titleId="pick-title"
        title="Choose a Colour"
        text="Pick one."
        selectId="pick-colour"
        label="Colour"
        placeholder="Select a colour"
        options={[
          { value: 1, label: 'Red' },
          { value: 2, label: 'Blue' },
        ]}
        onPick={onPick}
        onCancel={vi.fn()}
      />
    </PickOneDialog>,
  );
}

describe('PickOneDialog', () => {
  it('submits the chosen value, and only once something is chosen', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderDialog(true, onPick);
    const dialog = screen.getByRole('dialog', { name: 'Choose a Colour' });
    expect(dialog).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Colour'), 'Blue');
    await user.click(submit);
    expect(onPick).toHaveBeenCalledWith(2);
  });

  it('renders nothing while closed', () => {
    renderDialog(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
