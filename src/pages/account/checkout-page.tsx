export function CheckoutPage() {
  return <h1>Checkout</h1>;
}
