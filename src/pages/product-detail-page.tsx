export function ProductDetailPage() {
  return <h1>Product</h1>;
}
