#!/usr/bin/env bash
# Runs an end-to-end script with some of its databases on the test cluster's server: each variable named
# (COPY_SOURCE_DB, COPY_TARGET_DB, ...) is set to the URI of a fresh database of its own.
# usage: on_server.sh VAR[,VAR...] SCRIPT ARGS...
set -euo pipefail
vars=$1
shift
fresh=$(dirname "$0")/../pg/fresh_db.sh
IFS=, read -r -a names <<<"$vars"
for name in "${names[@]}"; do
    uri=$(bash "$fresh" "${name,,}") || exit 1
    export "$name=$uri"
done
exec bash "$@"
