export default function CheckoutPage() {
  return <main className="p-8">CheckoutPage</main>;
}
