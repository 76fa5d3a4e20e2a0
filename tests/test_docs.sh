#!/usr/bin/env bash
# The documentation holds together (tests/docs_check.py): README.md at most 300 lines, every
# relative link in README.md, docs/*.md and assets/README.md resolving to a file and heading.
# shellcheck source=tests/script_util.sh
source "$(dirname "$0")/script_util.sh"
"$PY" "$LC_SOURCE_DIR/tests/docs_check.py" "$LC_SOURCE_DIR" || fail "the documentation has broken links or an overlong README"
finish
