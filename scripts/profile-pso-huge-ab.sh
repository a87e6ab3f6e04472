#!/bin/bash
# Issue 15 item 2, before and after in one run: scripts/profile-pso-huge.mjs with the build before
# (.before/dist, carried) and after (dist). bash .gpu/enter.sh bash scripts/profile-pso-huge-ab.sh
nvidia-smi --query-gpu=name --format=csv,noheader
sed 's#\.\./dist/api\.js#../.before/dist/api.js#' scripts/profile-pso-huge.mjs > scripts/.profile-before.mjs
echo "before:"; node scripts/.profile-before.mjs 2>&1 | grep -v Warning
echo "after:"; node scripts/profile-pso-huge.mjs 2>&1 | grep -v Warning
rm -f scripts/.profile-before.mjs
