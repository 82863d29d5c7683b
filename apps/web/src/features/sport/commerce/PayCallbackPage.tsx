/** Being built (issue 10). */
export default function PayCallbackPage() {
  return null;
}
