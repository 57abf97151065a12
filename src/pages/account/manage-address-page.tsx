export function ManageAddressPage() {
  return <h1>Addresses</h1>;
}
