export default function SuccessPage() {
  return <main className="p-8">SuccessPage</main>;
}
