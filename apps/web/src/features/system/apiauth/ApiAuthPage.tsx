export default function ApiAuthPage() {
  return null;
}
