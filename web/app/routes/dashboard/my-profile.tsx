import { accountContact, isPhoneAccountEmail } from '../../../../common/account-contact.ts';
import { accountLimits } from '../../../../common/account-rules.ts';
import { profileUpdateSchema, type User } from '../../../../common/schemas/users.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSession, useStaffRight } from '../../../features/auth/api/session-queries.ts';
import { AccountSessions } from '../../../features/auth/components/account-sessions.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { ShopOverview } from '../../../features/overview/components/shop-overview.tsx';
import { AddressBook } from '../../../features/addresses/components/address-book.tsx';
import { ChangePasswordForm } from '../../../features/users/components/change-password-form.tsx';
import { TwoFactorSettings } from '../../../features/users/components/two-factor-settings.tsx';
import { MyDataSettings } from '../../../features/users/components/my-data-settings.tsx';
import { useUpdateUser, useUser } from '../../../features/users/api/user-queries.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { staffRoleLabels } from '../../../../common/staff-roles.ts';

const blankProfile = { userName: '', userEdu: '', userLocation: '', userNumber: '' };

function ProfileCard({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Name', user.userName],
    // A phone account has no address of its own: its number is what it is known by.
    isPhoneAccountEmail(user.userEmail) ? ['Signed in with', accountContact(user.userEmail)] : ['E-mail', user.userEmail],
    ['Education', user.userEdu],
    ['Location', user.userLocation],
    ['Phone', user.userNumber],
  ];
  return (
    <section aria-label="Your profile" className="self-start rounded-xl border border-base-300 bg-base-100 p-6">
      <div className="flex items-center gap-4">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 font-display text-2xl font-semibold text-primary" aria-hidden="true">
          {user.userName.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-stone-900">{user.userName}</p>
          <p className="text-sm text-stone-600">{user.staffRole ? staffRoleLabels[user.staffRole] : user.userRole === 'admin' ? 'Admin' : 'Customer'}</p>
        </div>
      </div>
      <dl className="mt-6 divide-y divide-base-300 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[6rem_1fr] gap-3 py-2.5">
            <dt className="text-stone-500">{label}</dt>
            <dd className="min-w-0 text-stone-900 [overflow-wrap:anywhere]">{value || <span className="italic text-stone-500">Not given</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProfileForm({ user }: { user: User }) {
  const toast = useToast();
  const update = useUpdateUser();
  const form = useSchemaForm(profileUpdateSchema, { defaultValues: blankProfile });

  return (
    <form
      noValidate
      aria-label="Update profile"
      className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-6"
      onSubmit={form.handleSubmit((changes) =>
        update.mutate(
          { email: user.userEmail, changes },
          {
            onSuccess: () => {
              form.reset();
              toast('profile updated');
            },
          },
        ),
      )}
    >
      <div>
        <h2 className="text-lg font-semibold text-stone-900">Update your profile</h2>
        <p className="mt-1 text-sm text-stone-600">Fill in what you want to change. A field left blank keeps its value.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" maxLength={accountLimits.name} placeholder={user.userName} {...form.field('userName')} />
        <TextField label="Education" maxLength={accountLimits.education} placeholder={user.userEdu || 'Where you learned your trade'} {...form.field('userEdu')} />
        <TextField
          label="Location"
          autoComplete="address-level2"
          maxLength={accountLimits.location}
          placeholder={user.userLocation || 'Town and country'}
          {...form.field('userLocation')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={accountLimits.contactNumber}
          placeholder={user.userNumber || '+1 415 555 0100'}
          {...form.field('userNumber')}
        />
      </div>
      <FormSubmit label="Update profile" busy={update.isPending} error={update.error?.message} />
    </form>
  );
}

export default function MyProfilePage() {
  const { data: viewer } = useSession();
  const readsReports = useStaffRight('reports');
  const profile = useUser(viewer?.email ?? '');
  return (
    <DashboardPage
      title={viewer?.role === 'admin' ? 'Dashboard' : 'My Profile'}
      intro={
        // Only a role that may read the figures is shown the overview.
        readsReports ? 'How the shop is doing, and your profile.' : 'Your name, education, location and phone number.'
      }
    >
      {readsReports && <ShopOverview />}
      {viewer?.role === 'admin' && <h2 className="font-display text-2xl font-semibold text-stone-900">My Profile</h2>}
      {profile.isPending ? (
        <div className="skeleton h-72 w-full rounded-xl" aria-label="Loading your profile" />
      ) : profile.isError ? (
        <ErrorState title="We could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[20rem_1fr]">
          <ProfileCard user={profile.data} />
          <div className="space-y-6">
            <ProfileForm user={profile.data} />
            <AddressBook name={profile.data.userName} />
            {viewer && <TwoFactorSettings viewer={viewer} />}
            {viewer && <ChangePasswordForm viewer={viewer} />}
            <AccountSessions />
            <MyDataSettings />
          </div>
        </div>
      )}
    </DashboardPage>
  );
}
