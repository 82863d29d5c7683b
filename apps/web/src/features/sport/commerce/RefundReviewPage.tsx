/** Being built (issue 10). */
export default function RefundReviewPage() {
  return null;
}
