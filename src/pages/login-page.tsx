export function LoginPage() {
  return <h1>Login</h1>;
}
