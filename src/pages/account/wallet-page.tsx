export function WalletPage() {
  return <h1>Wallet</h1>;
}
