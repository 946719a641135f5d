import { Outlet } from 'react-router';

/** The dashboard's frame; its menu follows the signed-in person's role. */
export default function DashboardLayout() {
  return (
    <div className="bg-base-200/50">
      <Outlet />
    </div>
  );
}
