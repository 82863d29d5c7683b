/** Being built (issue 26): the screen is registered so the menu and the other training modules can name it. */
export default function CoachSchedulePage() {
  return null;
}
