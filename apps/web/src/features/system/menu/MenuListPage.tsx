export default function MenuListPage() {
  return null;
}
