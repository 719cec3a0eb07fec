export default function PricingPage() {
  return <main className="p-8">PricingPage</main>;
}
