#!/usr/bin/env bash
# Adds the next numbered migration for the table files' changes: `new-migration.sh <name>`.
# Migrations that have landed are never edited or regenerated (docs/operations.md); data fixes
# that must run before a new constraint go at the top of the generated file before it lands.
# Serialised with flock so parallel work never interleaves two generations.
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?usage: new-migration.sh <snake_case_name>}"
exec 9>/tmp/venue-drizzle.lock
flock 9
npx drizzle-kit generate --name "$name"
