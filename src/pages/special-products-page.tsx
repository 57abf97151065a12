export function SpecialProductsPage() {
  return <h1>Special products</h1>;
}
