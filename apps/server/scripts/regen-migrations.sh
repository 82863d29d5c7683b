#!/usr/bin/env bash
# Until the first release, the schema ships as one initial migration regenerated from the
# table files. Serialised with flock so parallel work never interleaves two generations.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/venue-drizzle.lock
flock 9
rm -rf drizzle
npx drizzle-kit generate --name init >/dev/null
for f in custom-sql/*.sql; do [ -e "$f" ] && { echo; echo "--> statement-breakpoint"; cat "$f"; } >> drizzle/0000_init.sql; done
echo "migration regenerated: $(ls drizzle/*.sql)"
