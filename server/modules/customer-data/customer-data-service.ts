import { orderNumberLabel } from '../../../common/ordering.ts';
import { type AccountErased, freshSignInMinutes } from '../../../common/schemas/customer-data.ts';
import type { Clock } from '../../clock.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { AuditTrail } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { OrderService } from '../orders/order-service.ts';
import { customerDataChunks } from './customer-data-export.ts';
import type { CustomerDataRepository, ErasureRefusal, Person } from './customer-data-repository.ts';

/** What the erasure asks of the orders module: a guest's orders joined to the account, and an unpaid order cancelled with its events. */
export type OrdersForErasure = Pick<OrderService, 'cancel' | 'claimGuestOrders'>;

/** The file's name: the shop's, the day, never the person's name or address. */
const fileNameOf = (exportedAt: string) => `joinery-my-data-${exportedAt.slice(0, 10)}.json`;

/** Why an erasure was refused, as the person reads it. */
function refusalError(refusal: ErasureRefusal): AppError {
  switch (refusal.outcome) {
    case 'gone':
      return notFound('There is no user with that e-mail address.');
    case 'staff':
      return new AppError(403, 'FORBIDDEN', `${refusal.name} is on the staff. An owner must take their role away before their account can be erased.`);
    case 'last-owner':
      return conflict('This is the shop’s only owner. Make someone else an owner first.', 'LAST_OWNER');
    case 'in-flight':
      return conflict(
        `Orders ${refusal.orderNumbers.map(orderNumberLabel).join(', ')} are paid and not yet delivered, or have a return or refund under way. The account can be deleted once they are delivered and settled.`,
        'ORDERS_IN_FLIGHT',
      );
    case 'unpaid-open':
      return conflict('An order was placed a moment ago. Please try again.');
  }
}

/**
 * A customer's data in their hands (ADR 046): the file of all of it, for them or for staff at their
 * request, and the erasure of their account, by them after a fresh sign-in or by staff at their
 * request. Staff actions are recorded in the audit trail naming the account by id.
 */
export function createCustomerDataService({
  data,
  orders,
  audit,
  clock,
}: {
  data: CustomerDataRepository;
  orders: OrdersForErasure;
  audit: Pick<AuditTrail, 'record' | 'recordAlone'>;
  clock: Clock;
}) {
  function exportOf(person: Person) {
    const exportedAt = clock().toISOString();
    return { fileName: fileNameOf(exportedAt), chunks: customerDataChunks(data, person, exportedAt) };
  }

  async function customer(email: string): Promise<Person> {
    const person = await data.findPerson({ email });
    if (!person) throw notFound('There is no user with that e-mail address.');
    return person;
  }

  /**
   * Cancels the person's unpaid orders through the orders module (releasing card holds and discount
   * codes, as any cancellation does), then erases them in one transaction that checks again.
   */
  async function erase(person: Person, caller: SignedInUser, staff: StaffActor | undefined): Promise<AccountErased> {
    // Refused before anything changes (an unpaid order cancelled, say); the erasure asks again as it writes.
    const by = staff ? 'staff' : 'self';
    const refusal = await data.refusal(person, by);
    if (refusal) throw refusalError(refusal);
    // A guest's orders placed with the confirmed address are the account's (ADR 038): they go with it.
    await orders.claimGuestOrders(person.id);
    const unpaid = await data.openUnpaidOrderIds(person.id);
    for (const id of unpaid) {
      try {
        await orders.cancel(caller, id, staff);
      } catch (error) {
        // Paid or cancelled a moment ago: the erasure's own check below decides.
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      }
    }
    const outcome = await data.erase(
      person,
      by,
      staff &&
        ((transaction) =>
          audit.record(transaction, staff, {
            kind: 'customer.erased',
            subject: person.id,
            detail: { facts: { cancelledOrders: unpaid.length, reason: 'the customer’s request' } },
          })),
    );
    if (outcome.outcome !== 'erased') throw refusalError(outcome);
    return { erased: true, cancelledOrders: unpaid.length, anonymisedOrders: outcome.anonymisedOrders };
  }

  return {
    /** `GET /account/export`: the signed-in person's own data. */
    async exportOwn(viewer: SignedInUser) {
      const person = await data.findPerson({ id: viewer.id });
      if (!person) throw notFound('There is no user with that e-mail address.');
      return exportOf(person);
    },

    /** `GET /users/{email}/export`: a customer's data for staff, at their request; recorded before the first byte is read. */
    async exportFor(email: string, actor: StaffActor) {
      const person = await customer(email);
      await audit.recordAlone(actor, { kind: 'customer.exported', subject: person.id, detail: { facts: { reason: 'the customer’s request' } } });
      return exportOf(person);
    },

    /**
     * `DELETE /account`: the person's own account, only from a session signed in within the last
     * `freshSignInMinutes` (a phone code or a Google sign-in counts as much as a password), so that a
     * device left signed in cannot erase it.
     */
    async eraseOwn(viewer: SignedInUser, sessionId: string | null): Promise<AccountErased> {
      const startedAt = sessionId ? await data.sessionStartedAt(sessionId) : undefined;
      if (!startedAt || clock().getTime() - startedAt.getTime() > freshSignInMinutes * 60_000) {
        throw new AppError(403, 'FRESH_SIGN_IN_REQUIRED', `Please sign in again to delete your account: it needs a sign-in from the last ${freshSignInMinutes} minutes.`);
      }
      const person = await data.findPerson({ id: viewer.id });
      if (!person) throw notFound('There is no user with that e-mail address.');
      return erase(person, viewer, undefined);
    },

    /**
     * `DELETE /users/{email}/account`: a customer's account erased by staff at their request. Staff
     * accounts lose their role first (an owner's call): refused as the erasure writes, not from a read before it.
     */
    async eraseFor(viewer: SignedInUser, email: string, actor: StaffActor): Promise<AccountErased> {
      return erase(await customer(email), viewer, actor);
    },
  };
}

export type CustomerDataService = ReturnType<typeof createCustomerDataService>;
