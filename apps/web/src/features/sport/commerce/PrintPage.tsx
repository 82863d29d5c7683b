/** Being built (issue 10). */
export default function PrintPage() {
  return null;
}
