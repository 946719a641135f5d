import type { StaffRole } from '../../common/staff-roles.ts';
import { signUp, type TestAccount } from './accounts.ts';
import { call } from './call.ts';
import type { TestApp } from './test-app.ts';

/** The path of `PUT /api/users/{email}/role` for an account. */
export const rolePath = (account: Pick<TestAccount, 'email'>) => `/api/users/${encodeURIComponent(account.email)}/role`;

/** A new account given a staff role by an owner, as the Make Admin page does; its session cookie counts as that role at once. */
export async function signUpStaff(shop: TestApp, owner: TestAccount, role: StaffRole, name = `Staff ${role}`): Promise<TestAccount> {
  const account = await signUp(shop.app, name);
  const response = await call(shop.app, 'PUT', rolePath(account), owner, { role });
  if (response.statusCode !== 200) throw new Error(`giving the ${role} role failed: ${response.statusCode} ${response.body}`);
  return account;
}
