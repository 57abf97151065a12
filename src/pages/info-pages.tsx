export function ContactUsPage() {
  return <h1>Contact us</h1>;
}
export function PrivacyPolicyPage() {
  return <h1>Privacy policy</h1>;
}
export function TermsPage() {
  return <h1>Terms and conditions</h1>;
}
export function ReturnPolicyPage() {
  return <h1>Return and refund policy</h1>;
}
