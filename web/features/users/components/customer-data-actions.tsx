import { useState } from 'react';
import { accountContact } from '../../../../common/account-contact.ts';
import type { User } from '../../../../common/schemas/users.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useStaffRight } from '../../auth/api/session-queries.ts';
import { useDownloadCustomerData, useEraseCustomer } from '../api/customer-data-queries.ts';

/**
 * The users page's actions on a customer's request (ADR 046): their data as a file, and their
 * account erased, each recorded in the audit trail. Staff accounts have none: their role goes first.
 */
export function CustomerDataActions({ user }: { user: User }) {
  const toast = useToast();
  const readsCustomers = useStaffRight('customers.read');
  const changesCustomers = useStaffRight('customers');
  const download = useDownloadCustomerData();
  const erase = useEraseCustomer();
  const [asking, setAsking] = useState(false);
  const who = accountContact(user.userEmail);
  if (user.staffRole || user.userRole === 'admin' || !readsCustomers) return null;

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline whitespace-nowrap"
          aria-label={`Export the data of ${who}`}
          disabled={download.isPending}
          onClick={() => download.mutate(user.userEmail, { onSuccess: () => toast(`The data of ${who} has been downloaded`) })}
        >
          Export data
        </button>
        {changesCustomers && (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error whitespace-nowrap"
            aria-label={`Erase the account of ${who}`}
            onClick={() => {
              erase.reset();
              setAsking(true);
            }}
          >
            Erase
          </button>
        )}
      </div>
      {download.error && (
        <p role="alert" className="text-xs font-medium text-error">
          {download.error.message}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={`Erase the account of ${user.userName}?`}
        confirmLabel="Erase account"
        tone="danger"
        busy={erase.isPending}
        error={erase.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          erase.mutate(user.userEmail, {
            onSuccess: () => {
              setAsking(false);
              toast(`The account of ${who} has been erased`);
            },
          })
        }
      >
        <div className="space-y-2 text-sm">
          <p>Only at the customer&rsquo;s own request. This cannot be undone, and it is recorded in the audit trail.</p>
          <p>
            {who}&rsquo;s profile, sign-ins, sessions, addresses, cart, wishlist, reviews, subscriptions and messages are erased, and their name, e-mail, phone and address on their
            orders. Their unpaid orders are cancelled. Invoices and credit notes stay as they were issued.
          </p>
        </div>
      </ConfirmDialog>
    </div>
  );
}
