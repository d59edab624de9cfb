#!/usr/bin/env bash
# newsfeed's HTTP client is libcurl (the CCurl target reads curl/curl.h; the library is opened with dlopen on the
# first request), so a build needs libcurl's development files and fails on a missing curl/curl.h without them.
# Every script that builds release runs this first, so the fresh-start path says in one line which package to
# install instead.
# Usage: packaging/require-libcurl-dev.sh [NAME]   (NAME starts the message; default "newsfeed")
set -euo pipefail
name=${1:-newsfeed}
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcurl; then
    exit 0
fi
for dir in /usr/lib/*-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
    [[ -e $dir/libcurl.so ]] && exit 0
done
echo "$name: a build needs libcurl's development files: apt-get install libcurl4-openssl-dev" >&2
exit 1
