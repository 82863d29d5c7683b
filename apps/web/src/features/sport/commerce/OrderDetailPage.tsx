/** Being built (issue 10). */
export default function OrderDetailPage() {
  return null;
}
