export function MyOrdersPage() {
  return <h1>My orders</h1>;
}
