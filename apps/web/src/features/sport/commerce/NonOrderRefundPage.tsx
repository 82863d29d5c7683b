/** Being built (issue 10). */
export default function NonOrderRefundPage() {
  return null;
}
