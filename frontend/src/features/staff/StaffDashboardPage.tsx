export default function StaffDashboardPage() {
  return <main className="p-8">StaffDashboardPage</main>;
}
