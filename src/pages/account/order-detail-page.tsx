export function OrderDetailPage() {
  return <h1>Order</h1>;
}
