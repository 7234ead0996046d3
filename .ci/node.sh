# Sourced by .ci/run: puts the lowest Node that package.json's engines promise (.node-version)
# first on PATH, so CI proves the version README promises (docs/decisions/096). The machine's
# own Node only runs npm to fetch it: the npm registry serves official Node binaries as the
# packages node-linux-<arch>. A verified copy is kept per version, so later runs skip the download.
use_lowest_promised_node() {
  local version arch dir
  version="$(tr -d '[:space:]' < .node-version)"
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No Node package for $(uname -m) on the npm registry" >&2; return 1 ;;
  esac
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/pledgeway-node/$version"
  if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
    echo "Installing Node $version from the npm registry (node-linux-$arch) into $dir"
    local scratch
    scratch="$(mktemp -d)"
    (cd "$scratch" && npm pack --silent "node-linux-$arch@$version" > /dev/null)
    tar -xzf "$scratch"/node-linux-"$arch"-"$version".tgz -C "$scratch"
    rm -rf "$dir"
    mkdir -p "$(dirname "$dir")"
    mv "$scratch/package" "$dir"
    rm -rf "$scratch"
  fi
  if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
    echo "The Node in $dir does not report v$version" >&2
    return 1
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
}
