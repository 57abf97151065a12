export function CartPage() {
  return <h1>Cart</h1>;
}
