import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [form, setForm] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show QR
      </button>
      <button type="button" onClick={() => setConfirming(true)}>
        Delete
      </button>
      <button type="button" onClick={() => setForm(true)}>
        Edit
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="QR code">
        <p>code</p>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete it?"
        confirmLabel="Delete now"
        onConfirm={() => setConfirming(false)}
      />
      {/* Mounted only while open, as the form dialogs are. */}
      {form ? (
        <Dialog open onOpenChange={(next) => !next && setForm(false)} title="Edit">
          <input aria-label="Name" />
        </Dialog>
      ) : null}
    </>
  );
}

describe('dialogs return focus to their opener', () => {
  it('after Escape, the close button, a confirm and an unmounted form dialog', async () => {
    const user = userEvent.setup();
    renderWithApp(<Opener />);

    await user.click(screen.getByRole('button', { name: 'Show QR' }));
    expect(await screen.findByRole('dialog', { name: 'QR code' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show QR' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Show QR' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show QR' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete now' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  });
});

/** A list whose rows each delete themselves after a confirm, inside a page with a heading. */
function Rows() {
  const [rows, setRows] = useState(['alpha', 'beta', 'gamma']);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <main id="main">
      <h1>Things</h1>
      {rows.length > 0 ? (
        <ul>
          {rows.map((row) => (
            <li key={row}>
              <button type="button" onClick={() => setDeleting(row)}>
                Delete {row}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing left</p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete it?"
        confirmLabel="Delete now"
        onConfirm={() => {
          setRows((current) => current.filter((row) => row !== deleting));
          setDeleting(null);
        }}
      />
    </main>
  );
}

describe('a dialog whose opener is gone', () => {
  it('hands focus to the row now in its place, the one before it, then the page heading', async () => {
    const user = userEvent.setup();
    renderWithApp(<Rows />);
    const confirmDelete = async (name: string) => {
      await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
      await user.click(await screen.findByRole('button', { name: 'Delete now' }));
    };

    await confirmDelete('beta');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete gamma' })).toHaveFocus());
    await confirmDelete('gamma');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete alpha' })).toHaveFocus());
    await confirmDelete('alpha');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Things' })).toHaveFocus());
  });
});
