# Sourced by .ci/run: puts the lowest Node that package.json's engines promise (.node-version)
# first on PATH, so CI proves the version README promises (docs/decisions/096). The machine's
# own Node only runs scripts/promised-node.mjs, which fetches that Node from the npm registry
# (the packages node-linux-<arch>) once and keeps a verified copy per version; `npm start` and
# `npm test` use the same script on an older Node.
use_lowest_promised_node() {
  local bin
  bin="$(node scripts/promised-node.mjs)" || return 1
  export PATH="$bin:$PATH"
  hash -r
}
