export function OfferProductsPage() {
  return <h1>Offers</h1>;
}
