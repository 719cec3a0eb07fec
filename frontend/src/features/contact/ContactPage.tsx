export default function ContactPage() {
  return <main className="p-8">ContactPage</main>;
}
