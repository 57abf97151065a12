export function ProductListPage() {
  return <h1>Products</h1>;
}
