/** Being built (issue 10). */
export default function CapitalFlowPage() {
  return null;
}
