/** Being built (issue 10). */
export default function PayInfoPage() {
  return null;
}
