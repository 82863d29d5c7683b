import fs from 'node:fs';
import { execSync } from 'node:child_process';

/**
 * Finds Chromium, installing Debian's package when running as root on a machine without one. The
 * old headless shell comes first: it draws no browser window around the page, and the suite's
 * Chromium time is most of its CPU on CI's two cores.
 */
export default function setup() {
  const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
  const candidates = () => [process.env.CHROMIUM_PATH, HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL) && process.getuid?.() === 0) {
    console.log('Installing Debian package chromium-headless-shell (about 30 s)…');
    try {
      execSync('(apt-get install -y -qq chromium-headless-shell || (apt-get update -qq && apt-get install -y -qq chromium-headless-shell)) >/dev/null', {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      console.log('chromium-headless-shell could not be installed: the tests use the full Chromium.');
    }
  }
  let found = candidates().find((p) => fs.existsSync(p));
  if (!found && process.getuid?.() === 0) {
    console.log('Chromium not found: installing Debian package chromium (about 30 s)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null', { stdio: 'inherit' });
    found = candidates().find((p) => fs.existsSync(p));
  }
  if (!found) {
    throw new Error('No Chromium for the browser tests. Install one (Debian: `sudo apt-get install chromium-headless-shell`) or set CHROMIUM_PATH.');
  }
  process.env.CHROMIUM_PATH = found;
  // The screenshots of Chinese screens need a CJK font: without one every label is an empty box.
  if (process.getuid?.() === 0 && !hasCjkFont()) {
    try {
      console.log('No CJK font: installing Debian package fonts-wqy-zenhei…');
      execSync(
        'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-zenhei >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-zenhei >/dev/null)',
        { stdio: 'inherit' },
      );
    } catch {
      console.log('fonts-wqy-zenhei could not be installed: Chinese text in screenshots shows as boxes (the tests read text, not pixels).');
    }
  }
}

function hasCjkFont(): boolean {
  try {
    return execSync('fc-list :lang=zh family', { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}
