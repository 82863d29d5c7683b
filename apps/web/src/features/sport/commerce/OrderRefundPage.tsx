/** Being built (issue 10). */
export default function OrderRefundPage() {
  return null;
}
