/** Being built (issue 10). */
export default function ScanPayPage() {
  return null;
}
