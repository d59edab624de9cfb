#!/usr/bin/env bash
# Release builds link the Swift runtime and Foundation statically (Package.swift); FoundationNetworking
# then needs libcurl's development files at link time, and without them the link fails with an undefined
# `curl_free`. Every script that builds release runs this first, so the fresh-start path says in one
# line which package to install instead.
# Usage: packaging/require-libcurl-dev.sh [NAME]   (NAME starts the message; default "newsfeed")
set -euo pipefail
name=${1:-newsfeed}
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcurl; then
    exit 0
fi
for dir in /usr/lib/*-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
    [[ -e $dir/libcurl.so ]] && exit 0
done
echo "$name: a release build needs libcurl's development files: apt-get install libcurl4-openssl-dev" >&2
exit 1
