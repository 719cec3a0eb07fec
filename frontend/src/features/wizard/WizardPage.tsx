export default function WizardPage() {
  return <main className="p-8">WizardPage</main>;
}
