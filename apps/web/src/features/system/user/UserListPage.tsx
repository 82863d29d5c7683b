export default function UserListPage() {
  return null;
}
