#!/bin/sh
# `npm start`: builds what is stale (scripts/start.mjs), then replaces this shell with the server
# (exec), so that the server is the only process left running (see serverCommand in start.mjs).
set -e
cd "$(dirname "$0")/.."
command=$(node scripts/start.mjs --command)
eval "exec $command"
