import { Outlet } from 'react-router';
import { useSession } from '../../../features/auth/api/session-queries.ts';
import { EmailConfirmationBanner } from '../../../features/auth/components/email-confirmation-banner.tsx';
import { DashboardMenu } from '../../../features/dashboard/components/dashboard-menu.tsx';

/** The dashboard's frame; its menu follows the signed-in person's role. The route guard has checked the session. */
export default function DashboardLayout() {
  const { data: viewer } = useSession();
  if (!viewer) return null;
  return (
    <div className="min-h-[70vh] bg-base-200/50">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[15rem_1fr] lg:gap-10 lg:px-8 lg:py-12">
        <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <DashboardMenu viewer={viewer} />
        </aside>
        <div className="min-w-0">
          <EmailConfirmationBanner viewer={viewer} />
          <Outlet />
        </div>
      </div>
    </div>
  );
}
