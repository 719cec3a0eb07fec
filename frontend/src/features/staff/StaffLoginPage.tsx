export default function StaffLoginPage() {
  return <main className="p-8">StaffLoginPage</main>;
}
